import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Profile } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { LiveFaceStep } from "./LiveFaceStep";

// jsdom has no camera: the live check stands in as the held-for-review answer it can give.
vi.mock("../training/LiveCheck", () => ({
  LiveCheck: () => <h2>Live check: held for review</h2>,
}));

/** The server's words for the account that verified a face first, while a review of it runs (enrolment-verification.ts). */
const CHALLENGED =
  "Your face needs a new live check: take the live check again in Biometric Training within 7 days of our message, or your face loses its verification. Scans still search for your face meanwhile, but notices under your name on face matches are paused until the review ends.";

const profile = (face: Record<string, unknown>, faceVerified: boolean) =>
  ({
    userId: "u-1",
    faceEnrolled: true,
    faceVerified,
    likenessEnrolment: {
      face: { enrolled: true, methods: [], ...face },
      voice: { enrolled: false, verified: false, methods: [], noticesBlocked: false },
    },
  }) as unknown as Profile;

describe("the onboarding's face step while a review of the face runs (issue 35)", () => {
  it("says what the review asks and offers the live check again, even to the account verified first", async () => {
    stubApi({});
    const verifiedFirst = { verified: true, noticesBlocked: true, pendingReview: true, restriction: CHALLENGED };
    renderRoute(<LiveFaceStep profile={profile(verifiedFirst, true)} zeroKnowledge={false} />);
    expect((await screen.findByRole("status")).textContent).toBe(CHALLENGED);
    expect(screen.getByRole("button", { name: "Start camera" })).toBeTruthy();
  });
});

describe("the onboarding's face step while the live check is open (issue 36 item 17)", () => {
  it("leaves the live check's own answer alone, with no 'No face enrolled yet.' above a face held for review", async () => {
    stubApi({});
    renderRoute(<LiveFaceStep profile={undefined} zeroKnowledge={false} />);
    expect((await screen.findByRole("status")).textContent).toBe("No face enrolled yet.");
    await userEvent.setup().click(screen.getByRole("button", { name: "Start camera" }));
    expect(await screen.findByRole("heading", { name: "Live check: held for review" })).toBeTruthy();
    expect(screen.queryByText("No face enrolled yet.")).toBeNull();
  });
});
