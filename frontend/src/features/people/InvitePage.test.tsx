import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import InvitePage from "./InvitePage";

const TOKEN = "owner-1~p_abc12345~AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const preview = {
  status: 200,
  body: {
    accountName: "Ada Admin",
    displayName: "Carol Chief",
    expiresAt: "2026-11-30T12:00:00.000Z",
    consentVersion: "1.0",
  },
};

describe("the invitation link", () => {
  it("says who invites and sends a signed-out invitee to sign up or in, coming back here", async () => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "POST /api/people/invitations/preview": preview,
    });
    renderRoute(<InvitePage />, { path: "/invite/:token", route: `/invite/${TOKEN}` });
    expect(
      await screen.findByRole("heading", { name: "Ada Admin invites you, Carol Chief, to LikenessGuard protection" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/No biometric data of yours\s+is stored and no scan includes you unless you accept/),
    ).toBeInTheDocument();
    const back = encodeURIComponent(`/invite/${TOKEN}`);
    expect(screen.getByRole("link", { name: "Create an Account" })).toHaveAttribute("href", `/signup?next=${back}`);
    expect(screen.getByRole("link", { name: "Sign In to Accept" })).toHaveAttribute("href", `/signin?next=${back}`);
  });

  it("shows why a used or expired link no longer works", async () => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "POST /api/people/invitations/preview": {
        status: 409,
        body: { message: "This invitation has already been used" },
      },
    });
    renderRoute(<InvitePage />, { path: "/invite/:token", route: `/invite/${TOKEN}` });
    expect(await screen.findByRole("alert")).toHaveTextContent("This invitation has already been used");
  });

  it("accepts for the signed-in person, then asks their own consent before enrolment", async () => {
    const { calls } = stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "member-1" } },
      "POST /api/people/invitations/preview": preview,
      "POST /api/people/invitations/accept": {
        status: 200,
        body: { accountName: "Ada Admin", personId: "p_abc12345", consentRequired: true },
      },
      "GET /api/consent": { status: 200, body: { required: true, version: "v1", text: "The consent text" } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<InvitePage />, { path: "/invite/:token", route: `/invite/${TOKEN}` });
    await user.click(await screen.findByRole("button", { name: "Accept Invitation" }));
    expect(await screen.findByRole("heading", { name: "You accepted Ada Admin's invitation" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Your consent to biometric processing" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Enrol Your Face and Voice" })).toBeNull();
    const accept = calls.find((c) => c.path === "/api/people/invitations/accept");
    expect(JSON.parse(String(accept?.init?.body))).toEqual({ token: TOKEN });
  });

  it("goes straight to enrolment when the invitee's consent is already current", async () => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "member-1" } },
      "POST /api/people/invitations/preview": preview,
      "POST /api/people/invitations/accept": {
        status: 200,
        body: { accountName: "Ada Admin", personId: "p_abc12345", consentRequired: false },
      },
      "GET /api/consent": { status: 200, body: { required: false, version: "v1", text: "", givenAt: "2026-11-01" } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<InvitePage />, { path: "/invite/:token", route: `/invite/${TOKEN}` });
    await user.click(await screen.findByRole("button", { name: "Accept Invitation" }));
    expect(await screen.findByRole("link", { name: "Enrol Your Face and Voice" })).toHaveAttribute(
      "href",
      "/onboarding?step=face&from=%2Fpeople",
    );
  });

  it("shows the server's reason when accepting fails", async () => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "owner-1" } },
      "POST /api/people/invitations/preview": preview,
      "POST /api/people/invitations/accept": {
        status: 409,
        body: { message: "This invitation is for someone your account protects; sign in as them to accept it" },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<InvitePage />, { path: "/invite/:token", route: `/invite/${TOKEN}` });
    await user.click(await screen.findByRole("button", { name: "Accept Invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/sign in as them to accept it/);
  });
});
