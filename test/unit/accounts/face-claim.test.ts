import { describe, expect, it } from "vitest";
import { FACE_HELD_FOR_REVIEW_MESSAGE } from "../../../packages/domain/src/biometrics/enrolment-verification.js";
import { FACE_REVIEW_DAYS } from "../../../packages/domain/src/biometrics/face-review.js";
import { accountWorld } from "./world.js";

/** One face, one account (issue 35 item 4). */
async function member(w: ReturnType<typeof accountWorld>, email: string) {
  return (await w.member(email)).userId;
}

const faces = async (w: ReturnType<typeof accountWorld>, userId: string) =>
  (await w.store.listSamples(userId)).filter((s) => s.modality === "face");

const pastDeadline = (w: ReturnType<typeof accountWorld>) => {
  w.clock.now = new Date(w.clock.now.getTime() + FACE_REVIEW_DAYS * 86_400_000 + 60_000);
};

describe("one face, one account", () => {
  it("verifies exactly one of three accounts whose live checks of the same face run at once", async () => {
    const w = accountWorld();
    const ids = await Promise.all(["a@example.com", "b@example.com", "c@example.com"].map((e) => member(w, e)));
    const results = await Promise.all(ids.map((id) => w.liveCapture(id, 7)));
    expect(results.filter((r) => r.verified)).toHaveLength(1);
    expect(results.filter((r) => "review" in r && r.review === "pending")).toHaveLength(2);
    // One review of the face, with both newcomers in it.
    const [review, ...more] = w.faceReviewStore.reviews.values();
    expect(more).toEqual([]);
    expect(review?.challengerUserIds).toHaveLength(2);
  });

  it("tells the second account only that the check needs review, and asks both holders for a new live check", async () => {
    const w = accountWorld();
    const holder = await member(w, "holder@example.com");
    await w.liveCapture(holder, 4);
    const second = await member(w, "second@example.com");
    const held = await w.liveCapture(second, 4);
    expect(held).toMatchObject({ verified: false, review: "pending", message: FACE_HELD_FOR_REVIEW_MESSAGE });
    expect(JSON.stringify(held)).not.toMatch(/another/i);
    expect(w.told.map((m) => [m.to, m.subject])).toEqual([
      ["holder@example.com", "Your face needs a new live check"],
      ["second@example.com", "Your live check needs review"],
    ]);
    expect(w.told[1]?.text).not.toMatch(/another/i);
    // The holder keeps protection (still verified and searched) with notices paused; the newcomer's face is held.
    const holderStanding = (await w.profiles.get(holder)).likenessEnrolment.face;
    expect(holderStanding).toMatchObject({ verified: true, noticesBlocked: true, pendingReview: true });
    expect((await faces(w, holder)).map((s) => [s.verified, s.reviewStatus])).toEqual(
      Array(3).fill([true, "challenged"]),
    );
    expect((await faces(w, second)).map((s) => [s.verified, s.reviewStatus])).toEqual(
      Array(3).fill([false, "pending"]),
    );
  });

  it("keeps the holder who passes the live check again, and the newcomer who does not loses it at the deadline", async () => {
    const w = accountWorld();
    const holder = await member(w, "holder@example.com");
    await w.liveCapture(holder, 4);
    const second = await member(w, "second@example.com");
    await w.liveCapture(second, 4);
    expect(await w.liveCapture(holder, 4)).toMatchObject({ review: "passed", verified: true, faces: 0 });
    // Not resolved yet: the newcomer still has until the deadline.
    expect(w.faceReviewStore.reviews.size).toBe(1);
    pastDeadline(w);
    expect(await w.faceReviews.resolveDue(() => undefined)).toEqual({ resolved: 1 });
    expect((await faces(w, holder)).map((s) => [s.verified, s.reviewStatus])).toEqual(Array(3).fill([true, undefined]));
    expect((await faces(w, second)).map((s) => [s.verified, s.reviewStatus])).toEqual(
      Array(3).fill([false, undefined]),
    );
    expect((await w.profiles.get(holder)).likenessEnrolment.face).toMatchObject({
      verified: true,
      noticesBlocked: false,
    });
    expect(w.told.at(-1)).toMatchObject({ to: "second@example.com", subject: "Your face lost its verification" });
    expect(w.faceReviewStore.reviews.size).toBe(0);
  });

  it("takes the verification from a holder who cannot pass it again, and gives it to the newcomer who did", async () => {
    const w = accountWorld();
    const holder = await member(w, "holder@example.com");
    await w.liveCapture(holder, 4);
    const second = await member(w, "second@example.com");
    await w.liveCapture(second, 4);
    expect(await w.liveCapture(second, 4)).toMatchObject({ review: "passed", verified: false });
    pastDeadline(w);
    await w.faceReviews.resolveDue(() => undefined);
    expect((await faces(w, holder)).every((s) => !s.verified && !s.reviewStatus)).toBe(true);
    expect((await faces(w, second)).every((s) => s.verified && s.verifiedBy === "live-check")).toBe(true);
    expect((await w.profiles.get(second)).likenessEnrolment.face).toMatchObject({
      verified: true,
      noticesBlocked: false,
    });
    expect(w.told.slice(-2).map((m) => [m.to, m.subject])).toEqual([
      ["holder@example.com", "Your face lost its verification"],
      ["second@example.com", "Your face is verified"],
    ]);
  });

  it("ends the review at once when everyone in it passed again", async () => {
    const w = accountWorld();
    const holder = await member(w, "holder@example.com");
    await w.liveCapture(holder, 4);
    const second = await member(w, "second@example.com");
    await w.liveCapture(second, 4);
    await w.liveCapture(holder, 4);
    await w.liveCapture(second, 4);
    expect(w.faceReviewStore.reviews.size).toBe(0);
    expect((await faces(w, second)).every((s) => s.verified && !s.reviewStatus)).toBe(true);
  });
});
