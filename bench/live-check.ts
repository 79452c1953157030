/**
 * The live check's light and depth readings on real photos with the real engine (docs/privacy.md,
 * "The live check"): a person's photos following random challenges, lit by the screen as a face is,
 * and the same photos as presentation attacks (a slideshow with one photo mirrored, a video filmed
 * off a monitor, tilted prints, one photo warped in perspective); and the depth measure on real turned
 * photos against perspective-warped copies of frontal ones.
 *
 *   npx tsx bench/live-check.ts [--subject fr:obama] [--challenges 5] [--data ../shared/data]
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { inspectImageForEnrolment } from "@lg/detection";
import { homographyResidual, turnParallax } from "@lg/domain/biometrics/face-parallax";
import { newChallenge } from "@lg/domain/biometrics/liveness-challenge";
import { colourAt, readLight, SCREEN_COLOURS } from "@lg/domain/biometrics/screen-light";
import { DetectionAnalyser } from "../lambdas/src/shared/biometrics/detection-analyser.js";
import {
  burstFollowing,
  distinctFrame,
  FRAME_WIDTH,
  litBurstFollowing,
  litByScreen,
  type PoseFrame,
  poseFrames,
  reshoot,
} from "../test/support/live-frames.js";
import { filmedScreen, heldPrint, mirrored } from "../test/support/presentation-attacks.js";

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    subject: { type: "string", default: "fr:obama" },
    challenges: { type: "string", default: "5" },
    data: { type: "string", default: "../shared/data" },
  },
});
const analyser = new DetectionAnalyser();
const work = await mkdtemp(path.join(tmpdir(), "bench-live-check-"));
const photos = await poseFrames(values.data, values.subject, work);

/** Seeded integers, so each run draws the same challenges. */
function seeded(seed: number) {
  let state = seed * 7919 + 1;
  return (below: number) => {
    state = (state * 48271) % 2147483647;
    return state % below;
  };
}

type Challenge = ReturnType<typeof newChallenge>;

async function reading(name: string, c: Challenge, burst: { atMs: number; bytes: Uint8Array }[]) {
  const read = [];
  for (const f of burst) {
    const a = await analyser.analyseLiveFrame(f.bytes);
    if (a.ok) read.push({ atMs: f.atMs, a });
  }
  const light = readLight(
    c.colours,
    read.map((r) => ({ atMs: r.atMs, yawDegrees: r.a.yawDegrees, light: r.a.light })),
  );
  const front = read.reduce((p, q) => (Math.abs(q.a.yawDegrees) < Math.abs(p.a.yawDegrees) ? q : p));
  const turned = read.filter((r) => Math.abs(r.a.yawDegrees) >= 15).map((r) => r.a.landmarks);
  const depth = turnParallax(front.a.landmarks, turned);
  const row = { name, sent: burst.length, usable: read.length, ...light, depth };
  console.log(JSON.stringify(row));
  return row;
}

async function presented(
  c: Challenge,
  set: readonly PoseFrame[],
  render: (p: PoseFrame, atMs: number, n: number) => Promise<Uint8Array>,
) {
  const burst: { atMs: number; bytes: Uint8Array }[] = [];
  for (const { atMs, photo } of burstFollowing(c.windows, set)) {
    burst.push({ atMs, bytes: distinctFrame(await render(photo, atMs, burst.length), burst.length) });
  }
  return burst;
}

for (let seed = 1; seed <= Number(values.challenges); seed++) {
  const c = newChallenge({
    challengeId: "bench",
    userId: "u",
    sessionHash: "s",
    now: new Date(0),
    randomInt: seeded(seed),
  });
  const shownAt = (atMs: number) => SCREEN_COLOURS[colourAt(c.colours, atMs) ?? "red"];
  await reading(`live ${seed}`, c, await litBurstFollowing({ poses: c.windows, colours: c.colours }, photos));
  const furthest = photos.at(-1) as PoseFrame;
  const slideshow = [...photos.slice(1), await mirrored(furthest, FRAME_WIDTH)].sort(
    (a, b) => a.yawDegrees - b.yawDegrees,
  );
  await reading(`slideshow ${seed}`, c, await presented(c, slideshow, async (p) => p.bytes));
  await reading(
    `monitor ${seed}`,
    c,
    await presented(c, photos, (p, t, n) =>
      reshoot(p.bytes, (d, width, height) => d.set(filmedScreen({ data: d, width, height }, shownAt(t), n).data)),
    ),
  );
  await reading(
    `prints ${seed}`,
    c,
    await presented(c, photos, (p, t) =>
      reshoot(p.bytes, (d, width, height) =>
        d.set(heldPrint({ data: d, width, height }, shownAt(t), 0.25 * Math.sin(t / 700)).data),
      ),
    ),
  );
}

// Depth: each real photo against the most frontal one, and perspective-warped copies of that one.
const landmarksOf = async (bytes: Uint8Array) => {
  const inspection = await inspectImageForEnrolment(bytes, { gates: { maxAbsYawDegrees: 90 } });
  const face = inspection.faces[0];
  return face ? { yaw: face.quality.yawDegrees, landmarks: face.landmarks } : null;
};
const front = photos.reduce((a, b) => (Math.abs(b.yawDegrees) < Math.abs(a.yawDegrees) ? b : a));
const frontMarks = (await landmarksOf(front.bytes))?.landmarks ?? [];
for (const photo of photos) {
  const seen = await landmarksOf(photo.bytes);
  if (seen)
    console.log(
      JSON.stringify({ depth: "real", yaw: seen.yaw, residual: homographyResidual(frontMarks, seen.landmarks) }),
    );
}
const source = path.join(work, "front.jpg");
await writeFile(source, front.bytes);
for (const strength of [0.1, 0.2, 0.5, 0.7]) {
  for (const side of [1, -1]) {
    const dx = Math.round((640 * strength) / 2);
    const dy = Math.round((480 * strength) / 2);
    const corners = side === 1 ? `0:0:W-${dx}:${dy}:0:H:W-${dx}:H-${dy}` : `${dx}:${dy}:W:0:${dx}:H-${dy}:W:H`;
    const out = path.join(work, `warp-${strength}-${side}.jpg`);
    await run("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-i",
      source,
      "-vf",
      `perspective=${corners}:sense=destination`,
      "-q:v",
      "3",
      out,
    ]);
    const seen = await landmarksOf(new Uint8Array(await readFile(out)));
    console.log(
      JSON.stringify({
        depth: "warped",
        strength,
        side,
        yaw: seen?.yaw,
        residual: seen ? homographyResidual(frontMarks, seen.landmarks) : null,
      }),
    );
  }
}
// Also what a flat photo turned to fake the poses reads, relit as a face would be.
const c = newChallenge({
  challengeId: "bench",
  userId: "u",
  sessionHash: "s",
  now: new Date(0),
  randomInt: seeded(99),
});
await reading(
  "warped photo",
  c,
  await presented(c, photos, async (p, t) =>
    reshoot(await litByScreen(front, SCREEN_COLOURS[colourAt(c.colours, t) ?? "red"]), (d, width, height) =>
      d.set(heldPrint({ data: d, width, height }, [0, 0, 0], Math.max(-0.7, Math.min(0.7, p.yawDegrees / 40))).data),
    ),
  ),
);
