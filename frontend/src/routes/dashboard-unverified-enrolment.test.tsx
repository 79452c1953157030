import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EnrolmentStanding } from "../features/zero-knowledge/EnrolmentStanding";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";

const RESTRICTION = "Your face is enrolled but not verified.";
/** What the server reports for an account enrolled in zero-knowledge mode: searched, never verified. */
const REPORTED_ONLY = {
  face: {
    enrolled: true,
    verified: false,
    methods: ["client-reported"],
    noticesBlocked: true,
    restriction: RESTRICTION,
  },
  voice: { enrolled: false, verified: false, methods: [], noticesBlocked: false },
};
const ZERO_KNOWLEDGE_PROFILE = {
  userId: "u-1",
  firstName: "Ada",
  membershipTier: "personal",
  platforms: ["reddit"],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: true,
  faceVerified: false,
  voiceEnrolled: false,
  privacySettings: { zeroKnowledge: true },
  likenessEnrolment: REPORTED_ONLY,
};

describe("an enrolment the server could not verify", () => {
  it("is shown on the dashboard as enrolled, not verified, with what it withholds and how to verify", async () => {
    stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      "GET /api/profile": { status: 200, body: ZERO_KNOWLEDGE_PROFILE },
      "GET /api/consent": { status: 200, body: { required: false, version: "v1", text: "..." } },
      "GET /api/stats": { status: 200, body: { activeThreats: 0, sitesScanned: 0, resolvedThreats: 0 } },
      "GET /api/threats": { status: 200, body: { items: [], nextCursor: null } },
    });
    renderRoute(<Dashboard />, { path: "/dashboard" });
    const health = await screen.findByRole("region", { name: "Protection Health" });
    const faceRow = within(health).getByText("Face Model Trained").closest("li") as HTMLElement;
    expect(await within(faceRow).findByText("Enrolled, not verified")).toBeTruthy();
    expect(within(faceRow).queryByText("Yes")).toBeNull();
    const note = within(health).getByRole("note");
    expect(note.textContent).toContain(
      "Face: enrolled, not verified — notices under your name need a verified face; verify by turning zero-knowledge mode off",
    );
    expect(note.textContent).toContain("three-pose live capture");
  });

  it("is said in the enrolment result, face and voice each", () => {
    render(<EnrolmentStanding standing={REPORTED_ONLY as never} label="Enrolment status" />);
    const list = screen.getByRole("list", { name: "Enrolment status" });
    const [face, voice] = within(list).getAllByRole("listitem");
    expect(face?.textContent).toMatch(/^Face: enrolled, not verified — notices under your name need a verified face/);
    expect(voice?.textContent).toBe("Voice: not enrolled");
  });
});
