import { describe, expect, it } from "vitest";
import { standingLine } from "./EnrolmentStanding";

describe("standingLine", () => {
  it("says a face held for review in the server's words, not 'not enrolled'", () => {
    const restriction =
      "This face is already verified on another LikenessGuard account, so your capture is held for review and your face is not verified.";
    expect(
      standingLine("face", {
        enrolled: false,
        verified: false,
        methods: [],
        noticesBlocked: true,
        restriction,
        pendingReview: true,
      }),
    ).toBe(`Face: ${restriction}`);
    expect(standingLine("face", { enrolled: false, verified: false, methods: [], noticesBlocked: false })).toBe(
      "Face: not enrolled",
    );
  });
});
