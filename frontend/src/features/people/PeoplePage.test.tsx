import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { peopleList as list, protectedPerson as person } from "../../test/people-fixture";
import { renderRoute, stubApi } from "../../test/render-app";
import PeoplePage from "./PeoplePage";
import type { PeopleList, ProtectedPerson } from "./types";

const signedIn = { status: 200, body: { userId: "owner-1", email: "ada@example.com" } };

describe("the People page", () => {
  it("shows each person's state in words, with threats, and never asks for biometric data", async () => {
    stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/people": {
        status: 200,
        body: list([
          person({}),
          person({
            personId: "p_2",
            displayName: "Dan Director",
            acceptedAt: "2026-11-21T10:00:00.000Z",
            standing: { state: "enrolled", invitationExpired: false, scanned: true },
            enrolled: { face: true, voice: false },
            threats: { total: 3, active: 2 },
            notices: 1,
          }),
          person({
            personId: "p_3",
            displayName: "Eve Exec",
            acceptedAt: "2026-11-21T10:00:00.000Z",
            withdrawnAt: "2026-11-22T10:00:00.000Z",
            standing: { state: "withdrawn", invitationExpired: false, scanned: false },
          }),
          person({
            personId: "p_4",
            displayName: "Finn Founder",
            standing: { state: "invited", awaiting: "consent", invitationExpired: false, scanned: false },
          }),
        ]),
      },
      "GET /api/people/me": { status: 200, body: { protections: [] } },
    });
    renderRoute(<PeoplePage />, { path: "/people" });
    const rows = within(await screen.findByRole("list", { name: "Protected people" }, { timeout: 5000 })).getAllByRole(
      "listitem",
    );
    const row = (name: string) => within(rows.find((r) => r.textContent?.includes(name)) as HTMLElement);
    expect(row("Carol Chief").getByText("Invited")).toBeInTheDocument();
    expect(row("Carol Chief").getByText(/no scan includes them/)).toBeInTheDocument();
    expect(row("Dan Director").getByText("Enrolled")).toBeInTheDocument();
    expect(row("Dan Director").getByText("Scans of this account look for their face.")).toBeInTheDocument();
    expect(row("Dan Director").getByRole("link", { name: "3 threats (2 open)" })).toHaveAttribute("href", "/dashboard");
    expect(row("Dan Director").getByRole("link", { name: "1 takedown notice" })).toHaveAttribute("href", "/takedowns");
    expect(row("Eve Exec").getByText("Withdrawn")).toBeInTheDocument();
    expect(row("Finn Founder").getByText("Accepted, consent pending")).toBeInTheDocument();
    expect(screen.getByText(/4 people protected; your plan's number of people is set by contract/)).toBeInTheDocument();
  });

  it("invites by email and shows the server's reason when it refuses", async () => {
    const { calls } = stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/people": {
        status: 200,
        body: list([], { tier: "enterprise", maxProtectedPeople: 3, used: 2, ownerCounted: true }),
      },
      "GET /api/people/me": { status: 200, body: { protections: [] } },
      "POST /api/people/invitations": {
        status: 403,
        body: { message: "The Professional plan protects 1 person; upgrade to protect more" },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<PeoplePage />, { path: "/people" });
    expect(await screen.findByText("2 of 3 people protected, you included", {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Their name"), "Second Person");
    await user.type(screen.getByLabelText("Their email address"), "second@example.com");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The Professional plan protects 1 person; upgrade to protect more",
    );
    const sent = calls.find((c) => c.method === "POST" && c.path === "/api/people/invitations");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      method: "email",
      displayName: "Second Person",
      email: "second@example.com",
    });
  });

  /** The page for an account whose places are all taken, once it says so. */
  const fullPage = async (limit: Partial<PeopleList["limit"]>, message: string) => {
    stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/people": { status: 200, body: list([], limit) },
      "GET /api/people/me": { status: 200, body: { protections: [] } },
    });
    renderRoute(<PeoplePage />, { path: "/people" });
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
  };

  it("says the plan is full before any form, with no form to fill (issue 36)", async () => {
    await fullPage(
      { tier: "professional", maxProtectedPeople: 1, used: 1, ownerCounted: true },
      "Your Professional plan protects 1 person, you included, and every place is taken, so no one more can be invited. Enterprise protects several people under one account.",
    );
    expect(screen.queryByLabelText("Their name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send Invitation" })).toBeNull();
    expect(screen.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
  });

  it("sends an Enterprise account whose people paid for are all protected to buy more places, not another plan", async () => {
    await fullPage(
      { tier: "enterprise", maxProtectedPeople: 3, used: 3, ownerCounted: false },
      "Your Enterprise plan protects 3 people, and every place is taken, so no one more can be invited. Add people to your subscription with Manage billing in Settings.",
    );
    expect(screen.getByRole("link", { name: "Manage billing in Settings" })).toHaveAttribute("href", "/settings");
    expect(screen.queryByRole("link", { name: "See plans" })).toBeNull();
  });

  it("invites by text message and lists the new person", async () => {
    let people: ProtectedPerson[] = [];
    const invited = person({ displayName: "Dan", contact: { channel: "sms", address: "+15551234567" } });
    const { calls } = stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/people": () => ({ status: 200, body: list(people) }),
      "GET /api/people/me": { status: 200, body: { protections: [] } },
      "POST /api/people/invitations": () => {
        people = [invited];
        return { status: 201, body: { person: invited } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<PeoplePage />, { path: "/people" });
    await screen.findByText("No one invited yet.", {}, { timeout: 5000 });
    await user.type(screen.getByLabelText("Their name"), "Dan");
    await user.click(screen.getByLabelText("Text message"));
    await user.type(screen.getByLabelText("Their phone number"), "+15551234567");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("list", { name: "Protected people" })).toHaveTextContent("Dan"));
    const sent = calls.find((c) => c.method === "POST" && c.path === "/api/people/invitations");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      method: "phone",
      displayName: "Dan",
      phone: "+15551234567",
    });
  });

  it("lets a protected person withdraw, deleting their data, after confirming", async () => {
    let withdrawn = false;
    const { calls } = stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/people": { status: 200, body: list([]) },
      "GET /api/people/me": () => ({
        status: 200,
        body: {
          protections: [
            {
              accountName: "Ada Admin",
              personId: "p_1",
              acceptedAt: "2026-11-21T10:00:00.000Z",
              standing: withdrawn
                ? { state: "withdrawn", invitationExpired: false, scanned: false }
                : { state: "enrolled", invitationExpired: false, scanned: true },
            },
          ],
        },
      }),
      "POST /api/people/me/withdraw": () => {
        withdrawn = true;
        return { status: 200, body: { deleted: { samples: 2, objects: 2, objectVersions: 2 }, withdrawn: 1 } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<PeoplePage />, { path: "/people" });
    const section = within(await screen.findByRole("region", { name: "Accounts protecting you" }, { timeout: 5000 }));
    expect(section.getByText("Ada Admin")).toBeInTheDocument();
    await user.click(section.getByRole("button", { name: "Withdraw and Delete My Biometric Data" }));
    expect(calls.some((c) => c.path === "/api/people/me/withdraw")).toBe(false);
    // It deletes biometric data: the current password first (issue 35).
    expect(screen.getByRole("button", { name: "Withdraw" })).toBeDisabled();
    await user.type(screen.getByLabelText("Current password"), "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText(/Deleted 2 biometric samples and withdrew your consent/)).toBeInTheDocument();
    const withdrawal = calls.find((c) => c.path === "/api/people/me/withdraw");
    expect(JSON.parse(String(withdrawal?.init?.body))).toEqual({ currentPassword: "Correct-horse-9" });
    await waitFor(() => expect(section.getByText("Withdrawn")).toBeInTheDocument());
    expect(section.queryByRole("button", { name: "Withdraw and Delete My Biometric Data" })).toBeNull();
  });

  it("stops protecting a person after confirming, and shows them withdrawn", async () => {
    let removed = false;
    const enrolled = person({
      acceptedAt: "2026-11-21T10:00:00.000Z",
      standing: { state: "enrolled", invitationExpired: false, scanned: true },
      enrolled: { face: true, voice: true },
    });
    const { calls } = stubApi({
      "GET /api/auth/user": signedIn,
      "GET /api/people": () => ({
        status: 200,
        body: list([
          removed
            ? {
                ...enrolled,
                withdrawnAt: "2026-11-23T10:00:00.000Z",
                standing: { state: "withdrawn", invitationExpired: false, scanned: false },
              }
            : enrolled,
        ]),
      }),
      "GET /api/people/me": { status: 200, body: { protections: [] } },
      "DELETE /api/people/p_1": () => {
        removed = true;
        return { status: 200, body: { person: enrolled } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<PeoplePage />, { path: "/people" });
    await user.click(await screen.findByRole("button", { name: "Stop Protecting: Carol Chief" }, { timeout: 5000 }));
    expect(screen.getByText(/Their consent and biometric data are theirs/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stop Protecting" }));
    expect(await screen.findByText("No scan includes Carol Chief from now on.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Withdrawn")).toBeInTheDocument());
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Stop Protecting: Carol Chief" })).toBeNull();
  });
});
