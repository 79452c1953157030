import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../api/types";
import { LiveFaceStep } from "../features/onboarding/LiveFaceStep";
import { renderRoute, stubApi } from "../test/render-app";
import BiometricTrainingRoute from "./biometric-training";
import Dashboard from "./dashboard";

/** The server's sentence for a face verified before the live check (enrolment-verification.ts). */
const REVERIFY =
  "Verify your face again with the live check. Your face was verified by our earlier capture check, which could be passed with still photos of someone else, so verifications made before the stricter live check no longer count.";
/** What the profile reports after the demotion: kept, not verified, notices blocked, asked to verify again. */
const DEMOTED = {
  face: {
    enrolled: true,
    verified: false,
    methods: [],
    noticesBlocked: true,
    restriction: REVERIFY,
    reverifyNeeded: true,
  },
  voice: { enrolled: false, verified: false, methods: [], noticesBlocked: false },
};
const PROFILE = {
  userId: "u-1",
  firstName: "Ada",
  membershipTier: "personal",
  platforms: ["reddit"],
  scanFrequency: "weekly",
  autoTakedown: false,
  faceEnrolled: true,
  faceVerified: false,
  voiceEnrolled: false,
  privacySettings: {},
  likenessEnrolment: DEMOTED,
};

function api() {
  stubApi({
    "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    "GET /api/profile": { status: 200, body: PROFILE },
    "GET /api/consent": { status: 200, body: { required: false, version: "v1", text: "..." } },
    "GET /api/stats": { status: 200, body: { activeThreats: 0, sitesScanned: 0, resolvedThreats: 0 } },
    "GET /api/threats": { status: 200, body: { items: [], nextCursor: null } },
    "GET /api/people/me": { status: 200, body: { protections: [] } },
  });
}

describe("a face verified before the live check", () => {
  it("is named on the dashboard as not verified, with the server's reason and what verifies it again", async () => {
    api();
    renderRoute(<Dashboard />, { path: "/dashboard" });
    const health = await screen.findByRole("region", { name: "Protection Health" });
    const faceRow = within(health).getByText("Face Model Trained").closest("li") as HTMLElement;
    expect(await within(faceRow).findByText("Enrolled, not verified")).toBeTruthy();
    expect(within(health).getByRole("note").textContent).toBe(`Face: ${REVERIFY}`);
  });

  it("is what the enrolment screen opens with, before the live check that verifies it again", async () => {
    api();
    renderRoute(<BiometricTrainingRoute />, { path: "/biometric-training" });
    const banner = await screen.findByRole("status", { name: "Verify your face again" });
    expect(banner.textContent).toContain(REVERIFY);
    expect(screen.getByRole("button", { name: "Start the capture" })).toBeTruthy();
  });

  it("is what the onboarding's face step says, offering the live check again", async () => {
    api();
    renderRoute(<LiveFaceStep profile={PROFILE as Profile} zeroKnowledge={false} />);
    expect((await screen.findByRole("status")).textContent).toBe(REVERIFY);
    expect(screen.getByRole("button", { name: "Start camera" })).toBeTruthy();
  });
});
