/**
 * How often the live check's light rule refuses a live person who follows the prompts (a false
 * refusal), over random challenges as the server draws them. Two readings:
 *
 * 1. Timing: people who react to each prompt within `reaction` ms and turn in up to `turn` ms, their
 *    head wobbling a degree, frames every 200 ms with 20 ms of jitter, 3% of them lost, the camera
 *    80 ms behind the screen; lit as in the unit tests (test/unit/accounts/live-burst.ts). Seeded:
 *    the same numbers on every machine.
 * 2. Real photos: each frame the photo of one person nearest the head's angle, lit by the colour shown
 *    (test/support/live-frames.ts), read by the real engine once per distinct photo and colour.
 *
 *   npm run bench:live-light -- [--timing 20000] [--photos 300] [--data ../shared/data]
 */
import { randomInt } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type ChallengePose, FRAME_INTERVAL_MS, newChallenge } from "@lg/domain/biometrics/liveness-challenge";
import {
  colourAt,
  type FrameLight,
  lightProblem,
  readLight,
  SCREEN_COLOURS,
  type ScreenColour,
} from "@lg/domain/biometrics/screen-light";
import { DetectionAnalyser } from "../lambdas/src/shared/biometrics/detection-analyser.js";
import { burstFollowing, litByScreen, poseFrames } from "../test/support/live-frames.js";
import { litLight } from "../test/unit/accounts/live-burst.js";

type Rgb = [number, number, number];

const { values } = parseArgs({
  options: {
    timing: { type: "string", default: "20000" },
    photos: { type: "string", default: "300" },
    data: { type: "string", default: "../shared/data" },
  },
});

/** Park-Miller: a fixed sequence, so the timing reading is the same everywhere. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

const POSE_YAW: Record<ChallengePose, number> = { front: 0, left: 30, right: -30 };
const CAMERA_LAG_MS = 80;
const LOST_FRAME_SHARE = 0.03;

function timingRefusals(challenges: number, reactionMs: number, turnMs: number) {
  const random = seededRandom(12345);
  const below = (n: number) => Math.floor(random() * n);
  let refused = 0;
  for (let n = 0; n < challenges; n++) {
    const c = newChallenge({ challengeId: "b", userId: "u", sessionHash: "s", now: new Date(0), randomInt: below });
    const turns = c.windows.map((w, i) => ({
      from: POSE_YAW[c.windows[i - 1]?.pose ?? "front"],
      to: POSE_YAW[w.pose],
      atMs: w.startMs + random() * reactionMs,
      takesMs: 200 + random() * (turnMs - 200),
    }));
    const yawAt = (t: number) => {
      let yaw = 0;
      for (const turn of turns) {
        if (t >= turn.atMs) yaw = turn.from + (turn.to - turn.from) * Math.min(1, (t - turn.atMs) / turn.takesMs);
      }
      return yaw + (random() - 0.5) * 2;
    };
    const frames: { atMs: number; yawDegrees: number; light: FrameLight }[] = [];
    const lengthMs = c.windows.at(-1)?.endMs ?? 0;
    for (let at = 0, i = 0; at <= lengthMs; at += FRAME_INTERVAL_MS, i++) {
      if (random() < LOST_FRAME_SHARE) continue;
      const atMs = Math.max(0, at + (random() - 0.5) * 40);
      const shown = SCREEN_COLOURS[colourAt(c.colours, atMs - CAMERA_LAG_MS) ?? "red"];
      // The camera's noise on each channel, face then background.
      const noisy = (v: number) => v * (1 + (random() - 0.5) * 0.02);
      const { face, background } = litLight(shown, i);
      const [noisyFace, noisyBackground] = [face.map(noisy), background.map(noisy)] as [Rgb, Rgb];
      frames.push({ atMs, yawDegrees: yawAt(atMs), light: { face: noisyFace, background: noisyBackground } });
    }
    if (lightProblem(readLight(c.colours, frames))) refused++;
  }
  return refused;
}

const timing = Number(values.timing);
for (const [reactionMs, turnMs] of [
  [500, 700],
  [700, 900],
  [900, 1200],
] as const) {
  const refused = timingRefusals(timing, reactionMs, turnMs);
  console.log(
    `timing: reacts within ${reactionMs} ms, turns in up to ${turnMs} ms: refused ${refused} of ${timing} (${((100 * refused) / timing).toFixed(3)}%)`,
  );
}

const analyser = new DetectionAnalyser();
const photos = await poseFrames(values.data, "fr:obama", await mkdtemp(path.join(tmpdir(), "light-sim-")));
const cache = new Map<string, Awaited<ReturnType<DetectionAnalyser["analyseLiveFrame"]>>>();
async function analysed(i: number, colour: ScreenColour) {
  const key = `${i}:${colour}`;
  let a = cache.get(key);
  if (!a) {
    a = await analyser.analyseLiveFrame(
      await litByScreen(photos[i] as (typeof photos)[number], SCREEN_COLOURS[colour]),
    );
    cache.set(key, a);
  }
  return a;
}
const N = Number(values.photos);
let refused = 0;
const reasons = new Map<string, number>();
for (let n = 0; n < N; n++) {
  const c = newChallenge({ challengeId: "b", userId: "u", sessionHash: "s", now: new Date(0), randomInt });
  const frames = [];
  for (const { atMs, photo } of burstFollowing(c.windows, photos, FRAME_INTERVAL_MS)) {
    const a = await analysed(photos.indexOf(photo), colourAt(c.colours, atMs) ?? "red");
    if (a.ok) frames.push({ atMs, yawDegrees: a.yawDegrees, light: a.light });
  }
  const problem = lightProblem(readLight(c.colours, frames));
  if (problem) {
    refused++;
    reasons.set(problem, (reasons.get(problem) ?? 0) + 1);
  }
}
console.log(
  `real photos (${photos.length} of fr:obama, engine-read): refused ${refused} of ${N}`,
  Object.fromEntries(reasons),
);
