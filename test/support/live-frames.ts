import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { inspectImageForEnrolment } from "@lg/detection";
import type { PoseWindow } from "@lg/domain/biometrics/liveness-challenge";
import { readLabels } from "../../packages/detection/src/labelled-data.js";

/**
 * Real photos of one person made into webcam-like frames for the live check: each cropped to 4:3
 * around the face (three face-heights tall) and scaled to 640x480, so the face sits in the same place
 * at the same size whichever photo is shown, as it would for someone sitting still in front of a
 * camera. Sorted by the engine's yaw, they let a test turn "the head" through real intermediate
 * angles: this is what a virtual camera fed with enough public photos can do, and what the live
 * check cannot tell from a person (docs/privacy.md). Built at test time; no media lands in the repo.
 */

const run = promisify(execFile);
export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;
const FRAME_TO_FACE = 3;
const EDGE_MARGIN_PX = 4;

export interface PoseFrame {
  file: string;
  yawDegrees: number;
  bytes: Uint8Array;
}

/** A picture's pixel size, as ffprobe reads it. */
export async function imageSize(file: string) {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "stream=width,height",
    "-of",
    "csv=p=0",
    file,
  ]);
  const [width = 0, height = 0] = stdout.trim().split(",").map(Number);
  return { width, height };
}

/**
 * ffmpeg's filter for a 4:3 window FRAME_TO_FACE face-heights tall centred on the face: the photo is
 * padded with black first, so a face near an edge is still centred, as it is in a webcam's picture.
 */
function frameAround(box: { x: number; y: number; width: number; height: number }) {
  const height = Math.round(box.height * FRAME_TO_FACE);
  const width = Math.round((height * FRAME_WIDTH) / FRAME_HEIGHT);
  const pad = width;
  const x = Math.round(box.x + box.width / 2 - width / 2) + pad;
  const y = Math.round(box.y + box.height / 2 - height / 2) + pad;
  return `pad=iw+${2 * pad}:ih+${2 * pad}:${pad}:${pad}:black,crop=${width}:${height}:${x}:${y}`;
}

/** Every photo of `subject` whose whole face is in the picture, as a 640x480 frame the engine accepts, by yaw. */
export async function poseFrames(mediaDir: string, subject: string, outDir: string): Promise<PoseFrame[]> {
  const frames: PoseFrame[] = [];
  const labels = (await readLabels(mediaDir)).filter((l) => l.kind === "face" && l.subjects.includes(subject));
  for (const [i, label] of labels.entries()) {
    const file = path.join(mediaDir, label.path);
    const original = await inspectImageForEnrolment(new Uint8Array(await readFile(file)), {
      gates: { maxAbsYawDegrees: 90 },
    });
    const face = original.faces[0];
    if (!original.accepted || !face) continue;
    const image = await imageSize(file);
    const { box } = face;
    const inside =
      box.x > EDGE_MARGIN_PX &&
      box.y > EDGE_MARGIN_PX &&
      box.x + box.width < image.width - EDGE_MARGIN_PX &&
      box.y + box.height < image.height - EDGE_MARGIN_PX;
    if (!inside) continue;
    const out = path.join(outDir, `pose-${i}.jpg`);
    const filter = `${frameAround(box)},scale=${FRAME_WIDTH}:${FRAME_HEIGHT},setsar=1`;
    await run("ffmpeg", ["-y", "-loglevel", "error", "-i", file, "-vf", filter, "-q:v", "3", out]);
    const bytes = new Uint8Array(await readFile(out));
    const framed = await inspectImageForEnrolment(bytes, { gates: { maxAbsYawDegrees: 90 } });
    const seen = framed.faces[0];
    if (framed.accepted && seen) frames.push({ file: label.path, yawDegrees: seen.quality.yawDegrees, bytes });
  }
  return frames.sort((a, b) => a.yawDegrees - b.yawDegrees);
}

/** The frame standing for each pose: the most frontal, and the furthest turn each way (left is positive yaw). */
export function poseTargets(frames: readonly PoseFrame[]) {
  const front = [...frames].sort((a, b) => Math.abs(a.yawDegrees) - Math.abs(b.yawDegrees))[0];
  const left = frames.at(-1);
  const right = frames[0];
  if (!front || !left || !right) throw new Error("No usable photo of the person");
  return { front: front.yawDegrees, left: left.yawDegrees, right: right.yawDegrees };
}

/** The photo nearest a yaw angle. */
export function nearestFrame(frames: readonly PoseFrame[], yaw: number): PoseFrame {
  return frames.reduce((a, b) => (Math.abs(b.yawDegrees - yaw) < Math.abs(a.yawDegrees - yaw) ? b : a));
}

const TURN_MS = 800;

/** Where the head is at `atMs` for someone following the prompts: each turn takes TURN_MS from the window's start. */
export function yawFollowing(
  windows: readonly PoseWindow[],
  targets: Record<PoseWindow["pose"], number>,
  atMs: number,
) {
  let from = targets.front;
  for (const window of windows) {
    const to = targets[window.pose];
    if (atMs < window.endMs || window === windows.at(-1)) {
      const progress = Math.min(1, Math.max(0, (atMs - window.startMs) / TURN_MS));
      return from + (to - from) * progress;
    }
    from = to;
  }
  return from;
}

/**
 * A frame's bytes made distinct without changing the picture: a camera's frames always differ in
 * their noise, and JPEG decoders ignore what follows the end-of-image marker.
 */
export const distinctFrame = (bytes: Uint8Array, n: number) =>
  new Uint8Array([...bytes, ...new TextEncoder().encode(`frame-${n}`)]);

/** A burst as the web app sends it, every `intervalMs`, of the photos that follow the challenge. */
export function burstFollowing(windows: readonly PoseWindow[], frames: readonly PoseFrame[], intervalMs = 200) {
  const targets = poseTargets(frames);
  const length = windows.at(-1)?.endMs ?? 0;
  const burst: { atMs: number; bytes: Uint8Array }[] = [];
  for (let atMs = 0; atMs <= length; atMs += intervalMs) {
    const photo = nearestFrame(frames, yawFollowing(windows, targets, atMs));
    burst.push({ atMs, bytes: distinctFrame(photo.bytes, burst.length) });
  }
  return burst;
}

/** The multipart body of POST /api/biometric-training for a burst. */
export function burstForm(challengeId: string, burst: { atMs: number; bytes: Uint8Array }[]) {
  const form = new FormData();
  form.append("challengeId", challengeId);
  form.append("frameTimes", burst.map((f) => f.atMs).join(","));
  for (const [i, f] of burst.entries())
    form.append(`frame${i}`, new Blob([f.bytes], { type: "image/jpeg" }), `f${i}.jpg`);
  return form;
}
