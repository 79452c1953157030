import { describe, expect, it } from "vitest";
import { FACE_HELD_FOR_REVIEW_MESSAGE } from "../../../packages/domain/src/biometrics/enrolment-verification.js";
import {
  CHALLENGE_TTL_SECONDS,
  type ChallengePose,
  newChallenge,
  type PoseWindow,
} from "../../../packages/domain/src/biometrics/liveness-challenge.js";
import type { DomainError } from "../../../packages/domain/src/errors.js";
import { photo } from "./fakes.js";
import { burstFor, challengeLength, followingYaw, type IssuedChallenge, POSE_YAW, TEST_SESSION } from "./live-burst.js";
import { accountWorld } from "./world.js";

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: DomainError) => ({ kind: e.kind, message: e.message }),
  );

async function member(w: ReturnType<typeof accountWorld>, email = "ada@example.com") {
  return (await w.member(email)).userId;
}

/** Issues a challenge, moves the clock by `afterMs` (default: its length and a bit), and answers it with `frames`. */
async function answer(
  w: ReturnType<typeof accountWorld>,
  userId: string,
  frames: (challenge: IssuedChallenge) => ReturnType<typeof burstFor>,
  options: { afterMs?: number; session?: string } = {},
) {
  const challenge = await w.enrolment.issueLiveChallenge(userId, TEST_SESSION);
  w.clock.now = new Date(w.clock.now.getTime() + (options.afterMs ?? challengeLength(challenge.poses) + 500));
  return w.enrolment.enrolLiveCapture(userId, options.session ?? TEST_SESSION, async () => ({
    challengeId: challenge.challengeId,
    frames: frames(challenge),
  }));
}

const firstTurn = (windows: PoseWindow[]) => windows.find((w) => w.pose !== "front") as PoseWindow;
/** The second turn asked for: never the first window, so there is time before it. */
const secondTurn = (windows: PoseWindow[]) => windows.filter((w) => w.pose !== "front").at(-1) as PoseWindow;

describe("the live check's challenge", () => {
  it("asks for front, left and right in a random order with random 2.5-3.5 s timing, valid two minutes", () => {
    const orders = new Set<string>();
    const lengths = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      let state = seed * 7919 + 1;
      const randomInt = (below: number) => {
        state = (state * 48271) % 2147483647;
        return state % below;
      };
      const c = newChallenge({ challengeId: "n", userId: "u", sessionHash: "s", now: new Date(0), randomInt });
      expect(c.windows.map((w) => w.pose).sort()).toEqual(["front", "left", "right"]);
      for (const [i, w] of c.windows.entries()) {
        expect(w.endMs - w.startMs).toBeGreaterThanOrEqual(2500);
        expect(w.endMs - w.startMs).toBeLessThanOrEqual(3500);
        expect(w.startMs).toBe(c.windows[i - 1]?.endMs ?? 0);
      }
      expect(Date.parse(c.expiresAt)).toBe(CHALLENGE_TTL_SECONDS * 1000);
      orders.add(c.windows.map((w) => w.pose).join());
      lengths.add(challengeLength(c.windows));
    }
    expect(orders.size).toBe(6);
    expect(lengths.size).toBeGreaterThan(5);
  });

  it("verifies a burst that follows the challenge, keeping the best frame of each pose", async () => {
    const w = accountWorld();
    const userId = await member(w);
    expect(await w.liveCapture(userId, 1)).toMatchObject({ faces: 3, verified: true });
    const faces = (await w.store.listSamples(userId)).filter((s) => s.modality === "face");
    expect(faces.map((s) => [s.quality.pose, s.quality.yawDegrees, s.verifiedBy])).toEqual([
      ["front", POSE_YAW.front, "live-check"],
      ["left", POSE_YAW.left, "live-check"],
      ["right", POSE_YAW.right, "live-check"],
    ]);
    // The challenge is gone once answered.
    expect([...w.store.items.keys()].some((k) => k.includes("LIVENESS#"))).toBe(false);
  });

  it("refuses three still photos: the head angle jumps instead of turning", async () => {
    const w = accountWorld();
    const userId = await member(w);
    // The issue's public stills (yaw -3, -29, +38), each shown for its pose's window, re-encoded per frame.
    const stills: Record<ChallengePose, number> = { front: -3, right: -29, left: 38 };
    const refused = await rejection(
      answer(w, userId, (c) =>
        burstFor(c, (atMs) => {
          const pose = c.poses.find((win) => atMs < win.endMs)?.pose ?? (c.poses.at(-1)?.pose as ChallengePose);
          return { yaw: stills[pose] };
        }),
      ),
    );
    expect(refused).toMatchObject({ kind: "unprocessable", message: expect.stringMatching(/jumped between frames/) });
    expect(await w.store.listSamples(userId)).toEqual([]);
  });

  it("refuses stills repeated as frames: a camera never sends the same frame twice", async () => {
    const w = accountWorld();
    const userId = await member(w);
    const refused = await rejection(
      answer(w, userId, (c) =>
        burstFor(c).map((f, i) => ({
          atMs: f.atMs,
          bytes: photo(`person=1;yaw=${followingYaw(c.poses, f.atMs)};n=${Math.floor(i / 2)}`),
        })),
      ),
    );
    expect(refused.message).toMatch(/^Live check failed: the camera sent the same picture twice/);
    expect(refused.message).toMatch(/Details: frame \d+ repeats an earlier frame exactly$/);
  });

  it("refuses an expired challenge, a used one, another session's and an unknown one", async () => {
    const w = accountWorld();
    const userId = await member(w);
    expect(await rejection(answer(w, userId, burstFor, { afterMs: (CHALLENGE_TTL_SECONDS + 1) * 1000 }))).toEqual({
      kind: "invalid",
      message: "This live check has expired: start the capture again to get a new one",
    });

    const challenge = await w.enrolment.issueLiveChallenge(userId, TEST_SESSION);
    w.clock.now = new Date(w.clock.now.getTime() + challengeLength(challenge.poses) + 500);
    const capture = async () => ({ challengeId: challenge.challengeId, frames: burstFor(challenge) });
    expect(await w.enrolment.enrolLiveCapture(userId, TEST_SESSION, capture)).toMatchObject({ verified: true });
    expect(await rejection(w.enrolment.enrolLiveCapture(userId, TEST_SESSION, capture))).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/unknown or was already used/),
    });

    expect(await rejection(answer(w, userId, burstFor, { session: "another-session" }))).toMatchObject({
      message: expect.stringMatching(/unknown or was already used/),
    });
    const other = await member(w, "bob@example.com");
    const bobs = await w.enrolment.issueLiveChallenge(other, TEST_SESSION);
    w.clock.now = new Date(w.clock.now.getTime() + 12_000);
    const stolen = async () => ({ challengeId: bobs.challengeId, frames: burstFor(bobs) });
    expect(await rejection(w.enrolment.enrolLiveCapture(userId, TEST_SESSION, stolen))).toMatchObject({
      message: expect.stringMatching(/unknown or was already used/),
    });
    expect(
      await rejection(w.enrolment.enrolLiveCapture(userId, TEST_SESSION, async () => ({ frames: [] }))),
    ).toMatchObject({ kind: "invalid" });
  });

  it("refuses frames sent sooner than the challenge could have been performed", async () => {
    const w = accountWorld();
    const userId = await member(w);
    expect(await rejection(answer(w, userId, burstFor, { afterMs: 1000 }))).toMatchObject({
      kind: "unprocessable",
      message: expect.stringMatching(/arrived before the poses could have been taken/),
    });
  });

  it("refuses poses in the wrong order: a turn shown before the page asked for it", async () => {
    const w = accountWorld();
    const userId = await member(w);
    // The person does the turns in the other order than asked (left for right and right for left).
    const swap: Record<ChallengePose, ChallengePose> = { front: "front", left: "right", right: "left" };
    const refused = await rejection(
      answer(w, userId, (c) => burstFor({ ...c, poses: c.poses.map((win) => ({ ...win, pose: swap[win.pose] })) })),
    );
    expect(refused).toMatchObject({
      kind: "unprocessable",
      message: expect.stringMatching(/when asked|before the page asked/),
    });
  });

  it("refuses a turn held from the start, before its window", async () => {
    const w = accountWorld();
    const userId = await member(w);
    const refused = await rejection(
      answer(w, userId, (c) => {
        const turn = secondTurn(c.poses);
        return burstFor(c, (atMs) => (atMs < turn.startMs ? { yaw: POSE_YAW[turn.pose] } : {}));
      }),
    );
    expect(refused.message).toMatch(/before the page asked for it$/);
  });

  it("refuses a pose reached too late, after its window", async () => {
    const w = accountWorld();
    const userId = await member(w);
    const refused = await rejection(
      answer(w, userId, (c) => {
        const turn = firstTurn(c.poses);
        // Frontal through the turn's whole window and half a second past it.
        return burstFor(c, (atMs) => (atMs >= turn.startMs && atMs <= turn.endMs + 600 ? { yaw: 0 } : {}));
      }),
    );
    expect(refused.message).toMatch(/did not turn your head to your (left|right) when asked/);
  });

  it("refuses a change of identity mid-burst", async () => {
    const w = accountWorld();
    const userId = await member(w);
    const refused = await rejection(answer(w, userId, (c) => burstFor(c, (atMs) => ({ person: atMs > 4000 ? 2 : 1 }))));
    expect(refused.message).toMatch(/do not all show the same person/);
  });

  it("refuses a face that jumps across the picture between frames", async () => {
    const w = accountWorld();
    const userId = await member(w);
    const refused = await rejection(
      answer(w, userId, (c) => burstFor(c, (_, i) => ({ box: i === 5 ? "400,100,200" : "100,100,200" }))),
    );
    expect(refused.message).toMatch(/jumped across the picture/);
  });

  it("refuses too few frames, gaps over a second and a burst that stops early", async () => {
    const w = accountWorld();
    const userId = await member(w);
    expect(await rejection(answer(w, userId, (c) => burstFor(c).slice(0, 5)))).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/at least 8 frames/),
    });
    expect(await rejection(answer(w, userId, (c) => burstFor(c).filter((_, i) => i < 10 || i > 14)))).toMatchObject({
      message: expect.stringMatching(/no clear face for more than a second, from 2\.7 s to 4\.5 s: no frame was taken/),
    });
    const blurred = await rejection(
      answer(w, userId, (c) =>
        burstFor(c).map((f, i) => (i >= 10 && i <= 14 ? { ...f, bytes: photo(`reject=Photo too blurry;n=${i}`) } : f)),
      ),
    );
    expect(blurred.message).toMatch(/from 2\.7 s to 4\.5 s: Photo too blurry$/);
    expect(await rejection(answer(w, userId, (c) => burstFor(c).filter((f) => f.atMs < 4000)))).toMatchObject({
      message: expect.stringMatching(/do not cover the whole capture/),
    });
  });

  it("holds for review a face already verified on another account: not verified, searched by no scan, notices blocked", async () => {
    const w = accountWorld();
    const owner = await member(w, "owner@example.com");
    expect(await w.liveCapture(owner, 4)).toMatchObject({ verified: true });

    const impostor = await member(w, "impostor@example.com");
    const result = await w.liveCapture(impostor, 4);
    expect(result).toMatchObject({
      verified: false,
      review: "pending",
      // Only that the check needs review: nothing says another account holds the face (no membership oracle).
      message: FACE_HELD_FOR_REVIEW_MESSAGE,
      status: { face: { verified: false, noticesBlocked: true, pendingReview: true } },
    });
    const held = (await w.store.listSamples(impostor)).filter((s) => s.modality === "face");
    expect(held.map((s) => [s.verified, s.reviewStatus])).toEqual(Array(3).fill([false, "pending"]));
    expect((await w.profiles.get(impostor)).faceVerified).toBe(false);
    expect(await w.samples.activeSamples(impostor)).toHaveLength(3);
    // The owner's enrolment is untouched, and a different face on a third account is verified as usual.
    expect((await w.profiles.get(owner)).faceVerified).toBe(true);
    expect(await w.liveCapture(await member(w, "carol@example.com"), 5)).toMatchObject({ verified: true });
  });
});
