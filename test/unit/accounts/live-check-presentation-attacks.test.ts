/**
 * The live check against presentations that are not a live person in front of the screen (issue 35
 * item 1): frames that do not reflect the page's colour sequence, a flat picture made to turn, and
 * frames chosen from a recording rather than sent as the camera took them. The fake engine reads
 * each frame's light and landmarks from its text (fakes.ts); the rules are the service's own.
 */
import { describe, expect, it } from "vitest";
import { homographyResidual, turnParallax } from "../../../packages/domain/src/biometrics/face-parallax.js";
import { newChallenge, stillSpans } from "../../../packages/domain/src/biometrics/liveness-challenge.js";
import {
  changesWhileStill,
  colourAt,
  lightProblem,
  newColourSequence,
  readLight,
  SCREEN_COLOURS,
} from "../../../packages/domain/src/biometrics/screen-light.js";
import type { DomainError } from "../../../packages/domain/src/errors.js";
import { headLandmarks } from "./fakes.js";
import {
  burstFor,
  challengeLength,
  followingYaw,
  type IssuedChallenge,
  litFrame,
  litLight,
  TEST_SESSION,
} from "./live-burst.js";
import { accountWorld } from "./world.js";

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: DomainError) => ({ kind: e.kind, message: e.message }),
  );

/** A seeded stand-in for the server's random integers. */
function seeded(seed: number) {
  let state = seed * 7919 + 1;
  return (below: number) => {
    state = (state * 48271) % 2147483647;
    return state % below;
  };
}

/** A challenge as the server would issue it, from seeded random integers. */
const seededChallenge = (seed: number) =>
  newChallenge({ challengeId: "n", userId: "u", sessionHash: "s", now: new Date(0), randomInt: seeded(seed) });

async function answer(frames: (challenge: IssuedChallenge) => ReturnType<typeof burstFor>) {
  const w = accountWorld();
  const { userId } = await w.member("ada@example.com");
  const challenge = await w.enrolment.issueLiveChallenge(userId, TEST_SESSION);
  w.clock.now = new Date(w.clock.now.getTime() + challengeLength(challenge.poses) + 500);
  const outcome = w.enrolment.enrolLiveCapture(userId, TEST_SESSION, async () => ({
    challengeId: challenge.challengeId,
    frames: frames(challenge),
  }));
  return { w, userId, outcome };
}

const LIGHT_REFUSAL = /^Live check failed: your face did not reflect the colours the screen showed/;

describe("the live check's screen colours", () => {
  it("cover the whole capture in random order and timing, never one colour twice in a row", () => {
    const sequences = new Set<string>();
    for (let seed = 0; seed < 100; seed++) {
      const c = seededChallenge(seed);
      const length = challengeLength(c.windows);
      expect(c.colours[0]?.startMs).toBe(0);
      expect(c.colours.at(-1)?.endMs).toBe(length);
      for (const [i, w] of c.colours.entries()) {
        if (i > 0) expect(w.startMs).toBe(c.colours[i - 1]?.endMs);
        if (i > 0) expect(w.colour).not.toBe(c.colours[i - 1]?.colour);
        if (i < c.colours.length - 1) expect([600, 800, 1000, 1200]).toContain(w.endMs - w.startMs);
      }
      sequences.add(c.colours.map((w) => `${w.colour}@${w.startMs}`).join());
    }
    expect(sequences.size).toBe(100);
  });

  it("fall where a person following the prompts holds their head, so none of 3,000 such people is refused for the light", () => {
    let refused = 0;
    for (let seed = 0; seed < 3000; seed++) {
      const c = seededChallenge(seed);
      // The unit tests' person (burstFor): a frame every 300 ms, each turn over 600 ms from its prompt.
      const frames = [];
      for (let atMs = 0, n = 0; atMs <= challengeLength(c.windows); atMs += 300, n++) {
        const light = litLight(SCREEN_COLOURS[colourAt(c.colours, atMs) ?? "red"], n);
        frames.push({ atMs, yawDegrees: followingYaw(c.windows, atMs), light });
      }
      if (lightProblem(readLight(c.colours, frames))) refused++;
      expect(changesWhileStill(c.colours, stillSpans(c.windows))).toBeGreaterThanOrEqual(2);
    }
    // Before the colours were drawn for the held poses and the poses lasted 2.5 s at least, 8 in 3,000 random challenges were.
    expect(refused).toBe(0);
  });

  it("reads a lit face as following the colours despite the camera's white balance drifting every frame", () => {
    const sequence = newColourSequence(8000, seeded(3));
    const frames = Array.from({ length: 40 }, (_, n) => {
      const light = litLight(SCREEN_COLOURS[colourAt(sequence, n * 200) ?? "red"], n);
      return { atMs: n * 200, yawDegrees: 0, light };
    });
    const reading = readLight(sequence, frames);
    expect(reading.correlation).toBeGreaterThan(0.95);
    expect(reading.response).toBeGreaterThan(0.15);
  });
});

describe("the live check refuses presentations that are not a live face", () => {
  it("verifies a live face: lit by each colour as it shows, its nose turning out of the face's plane", async () => {
    const { outcome } = await answer((c) => burstFor(c));
    expect(await outcome).toMatchObject({ verified: true, faces: 3 });
  });

  it("refuses a slideshow of photos: their colour changes with the photo, not with the screen", async () => {
    // Five photos' own colours, each shown for a stretch of the capture, as a slideshow switches them.
    const photos = ["181,120,98,70,80,95", "150,110,92,120,118,110", "201,150,130,60,62,70", "160,118,96,95,90,80"];
    const { w, userId, outcome } = await answer((c) =>
      burstFor(c, (atMs) => ({ light: photos[Math.floor(atMs / 2300) % photos.length] })),
    );
    expect((await rejection(outcome)).message).toMatch(LIGHT_REFUSAL);
    expect(await w.store.listSamples(userId)).toEqual([]);
  });

  it("refuses a replayed video: it reflects the colours of the capture it was recorded in, not this one's", async () => {
    const recordedUnder = newColourSequence(12_000, seeded(41));
    const { outcome } = await answer((c) =>
      burstFor(c, (atMs, n) => ({ light: litFrame(SCREEN_COLOURS[colourAt(recordedUnder, atMs) ?? "red"], n) })),
    );
    expect((await rejection(outcome)).message).toMatch(LIGHT_REFUSAL);
  });

  it("refuses a picture held up to the camera: it reflects the colour as evenly as the room around it", async () => {
    const { outcome } = await answer((c) =>
      burstFor(c, (atMs, n) => ({
        light: litFrame(SCREEN_COLOURS[colourAt(c.colours, atMs) ?? "red"], n, { face: 0.25, room: 0.25 }),
      })),
    );
    expect((await rejection(outcome)).message).toMatch(LIGHT_REFUSAL);
  });

  it("refuses a flat picture turned to fake the poses, even lit as a face would be", async () => {
    const { outcome } = await answer((c) => burstFor(c, () => ({ flat: true })));
    expect((await rejection(outcome)).message).toMatch(/the face turned like a flat picture, not a head/);
  });

  it("refuses frames chosen from a recording: too sparse for a camera, or closer together than one", async () => {
    // Every other frame (600 ms apart): no gap reaches a second and, however long the random challenge
    // runs, at least the minimum count arrives, but a camera sends far more.
    const sparse = await answer((c) => burstFor(c).filter((_, i) => i % 2 === 0));
    expect((await rejection(sparse.outcome)).message).toMatch(/too few for a continuous recording/);
    const crowded = await answer((c) =>
      burstFor(c).map((f, i) => (i === 6 ? { ...f, atMs: (burstFor(c)[5]?.atMs ?? 0) + 20 } : f)),
    );
    expect((await rejection(crowded.outcome)).message).toMatch(/came 20 ms after frame 6/);
  });
});

describe("the depth measure", () => {
  const box = { x: 100, y: 100, width: 200 };
  it("finds a turning head's nose out of the face's plane, and none in any view of a flat picture", () => {
    const front = headLandmarks(0, box);
    expect(turnParallax(front, [headLandmarks(30, box), headLandmarks(-28, box)])).toBeGreaterThan(0.15);
    expect(turnParallax(front, [headLandmarks(30, box, true), headLandmarks(-28, box, true)])).toBeLessThan(1e-9);
    // A perspective view of the flat picture (a homography) fits as exactly as an affine one.
    const tilted = front.map((p) => {
      const w = 1 + 0.002 * (p.x - 200);
      return { x: (p.x * 0.8 + 30) / w, y: (p.y + 0.1 * p.x) / w };
    });
    expect(homographyResidual(front, tilted)).toBeLessThan(1e-9);
  });
});
