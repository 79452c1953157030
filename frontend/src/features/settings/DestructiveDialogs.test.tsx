import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { DangerZone } from "./DangerZone";
import { DataManagement } from "./DataManagement";

describe("Deleting the account or the biometric data asks who is at the keyboard (issue 35)", () => {
  it("sends the current password and the app's current code with deleting the account", async () => {
    const { calls } = stubApi({
      "GET /api/auth/mfa": { status: 200, body: { enabled: true } },
      "DELETE /api/account": {
        status: 200,
        body: {
          deleted: {
            samples: 0,
            objects: 0,
            objectVersions: 0,
            evidenceObjects: 0,
            evidenceObjectVersions: 0,
            items: 3,
            sessions: 1,
            signInAccount: true,
            scansStopped: 0,
          },
        },
      },
    });
    renderRoute(<DangerZone />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("We email (or text) you about it at once.");
    const confirm = () => screen.getAllByRole("button", { name: "Delete Account" }).at(-1) as HTMLElement;
    await screen.findByLabelText("Current code from your authenticator app");
    // Nothing is sent without both factors.
    expect(confirm()).toBeDisabled();
    await user.type(screen.getByLabelText("Current password"), "Correct-horse-9");
    expect(confirm()).toBeDisabled();
    await user.type(screen.getByLabelText("Current code from your authenticator app"), "123456");
    await user.click(confirm());
    await screen.findByText("Account deleted");
    const deletion = calls.find((c) => c.method === "DELETE" && c.path === "/api/account");
    expect(JSON.parse(String(deletion?.init?.body))).toEqual({
      currentPassword: "Correct-horse-9",
      currentCode: "123456",
    });
  });

  it("sends the current password with deleting all biometric data, no code when no app is on", async () => {
    const { calls } = stubApi({
      "GET /api/auth/mfa": { status: 200, body: { enabled: false } },
      "DELETE /api/biometric": { status: 200, body: { deleted: { samples: 3, objects: 3, objectVersions: 3 } } },
    });
    renderRoute(<DataManagement profile={{ dataExpiryDays: 90 } as Profile} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Delete All Biometric Data" }));
    await screen.findByRole("dialog");
    const confirm = () => screen.getAllByRole("button", { name: "Delete All Biometric Data" }).at(-1) as HTMLElement;
    expect(confirm()).toBeDisabled();
    await user.type(screen.getByLabelText("Current password"), "Correct-horse-9");
    await user.click(confirm());
    await screen.findByText("Biometric data deleted");
    const deletion = calls.find((c) => c.method === "DELETE" && c.path === "/api/biometric");
    expect(JSON.parse(String(deletion?.init?.body))).toEqual({ currentPassword: "Correct-horse-9" });
    expect(screen.queryByLabelText("Current code from your authenticator app")).toBeNull();
  });
});
