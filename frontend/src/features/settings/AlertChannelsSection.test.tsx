import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { AlertChannelsSection } from "./AlertChannelsSection";

const BASE: Profile = {
  membershipTier: "personal",
  platforms: ["reddit"],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: true,
  faceVerified: true,
  voiceEnrolled: true,
};

describe("Settings alert channels", () => {
  it("warns a phone-only account whose saved channels reach no one, and saves SMS once ticked", async () => {
    const phoneOnly = {
      ...BASE,
      phone: "+15551234567",
      notificationSettings: { email: true, sms: false, push: false },
    };
    const { calls } = stubApi({
      "PUT /api/profile": { status: 200, body: BASE },
      "GET /api/push/subscriptions": { status: 200, body: { subscriptions: [] } },
    });
    renderRoute(<AlertChannelsSection profile={phoneOnly} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No alert reaches you: none of the channels you chose can deliver to this account. To be told about new threats, tick SMS.",
    );
    expect(screen.getByRole("checkbox", { name: "Email (this account has no email address)" })).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("checkbox", { name: "SMS (every alert: this account has no email address)" }));
    await user.click(screen.getByRole("button", { name: "Save Alert Channels" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === "PUT")?.init?.body));
    expect(body.notificationSettings).toMatchObject({ email: true, sms: true });
  });

  it("says nothing is wrong when a chosen channel reaches the person, push through another browser too", async () => {
    const pushOnly = { ...BASE, phone: "+15551234567", notificationSettings: { email: false, sms: false, push: true } };
    // With no browser subscribed, push chosen reaches no one: warned.
    stubApi({ "GET /api/push/subscriptions": { status: 200, body: { subscriptions: [] } } });
    const none = renderRoute(<AlertChannelsSection profile={pushOnly} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("No alert reaches you");
    none.unmount();
    const { calls } = stubApi({
      "GET /api/push/subscriptions": {
        status: 200,
        body: {
          subscriptions: [{ id: "b1", endpoint: "https://push.example/b1", createdAt: "2026-11-20T10:00:00.000Z" }],
        },
      },
    });
    const { unmount } = renderRoute(<AlertChannelsSection profile={pushOnly} />);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/push/subscriptions")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("alert")).toBeNull();
    unmount();
    const withEmail = { ...BASE, email: "ada@example.com", notificationSettings: { email: true, sms: false } };
    renderRoute(<AlertChannelsSection profile={withEmail} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Email (ada@example.com)" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "SMS (critical threats only)" })).toBeDisabled();
  });
});
