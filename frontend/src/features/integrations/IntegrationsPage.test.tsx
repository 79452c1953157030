import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import IntegrationsPage from "./IntegrationsPage";

const SIGNED_IN = { "GET /api/auth/user": { status: 200, body: { userId: "u-1" } } };
const SECRET = "lg_live_0123456789abcdef_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
const key = {
  id: "0123456789abcdef",
  name: "SIEM",
  scopes: ["threats:read"],
  hint: "lg_live_0123456789abcdef_…NOPQ",
  createdAt: "2026-11-29T10:00:00.000Z",
  state: "active",
};

describe("API keys and webhooks page", () => {
  it("shows a new key's secret once, lists keys by their hint only, and revokes one", async () => {
    let created = false;
    const { calls } = stubApi({
      ...SIGNED_IN,
      "GET /api/api-keys": () => ({ status: 200, body: { keys: created ? [key] : [] } }),
      "GET /api/webhooks": { status: 200, body: { endpoints: [] } },
      "POST /api/api-keys": (init) => {
        created = true;
        expect(JSON.parse(String(init?.body))).toEqual({ name: "SIEM", scopes: ["threats:read", "people:read"] });
        return { status: 201, body: { key, secret: SECRET } };
      },
      "DELETE /api/api-keys/0123456789abcdef": { status: 200, body: { revoked: key.id } },
    });
    renderRoute(<IntegrationsPage />, { path: "/integrations" });
    fireEvent.change(await screen.findByLabelText("Name", {}, { timeout: 5000 }), { target: { value: "SIEM" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /people:read/ }));
    fireEvent.click(screen.getByRole("button", { name: "Create API key" }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "I have stored it" }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(await screen.findByText(key.hint)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Revoke SIEM" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.path.endsWith(key.id))).toBe(true));
  });

  it("says why when the plan or the role does not allow keys", async () => {
    stubApi({
      ...SIGNED_IN,
      "GET /api/api-keys": {
        status: 403,
        body: { message: "Only the account's owner or an admin can manage API keys and webhooks" },
      },
      "GET /api/webhooks": {
        status: 403,
        body: { message: "Only the account's owner or an admin can manage API keys and webhooks" },
      },
    });
    renderRoute(<IntegrationsPage />, { path: "/integrations" });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(/owner or an admin/);
  });
});
