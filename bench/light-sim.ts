/**
 * How often the live check's light rule refuses the test's simulated live person: random challenges
 * (as the server draws them), each frame the pose photo nearest the head's angle lit by the colour
 * shown (test/support/live-frames.ts), read by the real engine once per distinct photo and colour.
 *
 *   npx tsx bench/light-sim.ts [challenges, default 300]
 */
import { randomInt } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FRAME_INTERVAL_MS, newChallenge } from "@lg/domain/biometrics/liveness-challenge";
import {
  colourAt,
  lightProblem,
  readLight,
  SCREEN_COLOURS,
  type ScreenColour,
} from "@lg/domain/biometrics/screen-light";
import { DetectionAnalyser } from "../lambdas/src/shared/biometrics/detection-analyser.js";
import { burstFollowing, litByScreen, poseFrames } from "../test/support/live-frames.js";

const analyser = new DetectionAnalyser();
const work = await mkdtemp(path.join(tmpdir(), "light-sim-"));
const photos = await poseFrames("../shared/data", "fr:obama", work);
console.log("photos", photos.length, photos.map((p) => p.yawDegrees.toFixed(1)).join(","));
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
const N = Number(process.argv[2] ?? 300);
let refused = 0;
const reasons = new Map<string, number>();
for (let n = 0; n < N; n++) {
  const c = newChallenge({
    challengeId: "x",
    userId: "u",
    sessionHash: "s",
    now: new Date(0),
    randomInt: (b) => randomInt(b),
  });
  const frames = [];
  for (const { atMs, photo } of burstFollowing(c.windows, photos, FRAME_INTERVAL_MS)) {
    const colour = colourAt(c.colours, atMs) ?? "red";
    const a = await analysed(photos.indexOf(photo), colour);
    if (a.ok) frames.push({ atMs, yawDegrees: a.yawDegrees, light: a.light });
  }
  const reading = readLight(c.colours, frames);
  const problem = lightProblem(reading);
  if (problem) {
    refused++;
    const k = problem.slice(0, 40);
    reasons.set(k, (reasons.get(k) ?? 0) + 1);
    if (refused <= 5)
      console.log(
        JSON.stringify({
          reading,
          colours: c.colours.map((w) => `${w.colour}@${w.startMs}`).join(" "),
          windows: c.windows.map((w) => `${w.pose}@${w.startMs}-${w.endMs}`).join(" "),
        }),
      );
  }
}
console.log({ N, refused, reasons: Object.fromEntries(reasons), distinctFrames: cache.size });
