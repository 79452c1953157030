import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { inspectImageForEnrolment } from "@lg/detection";
import type { PoseWindow } from "@lg/domain/biometrics/liveness-challenge";
import { type ColourWindow, colourAt, SCREEN_COLOURS } from "@lg/domain/biometrics/screen-light";
import sharp from "sharp";
import { readLabels } from "../../packages/detection/src/labelled-data.js";
import { lightByScreen } from "./screen-light.js";

/**
 * Real photos of one person made into webcam-like frames for the live check: each cropped to 4:3
 * around the face (three face-heights tall) and scaled to 640x480, so the face sits in the same place
 * at the same size whichever photo is shown, as it would for someone sitting still in front of a
 * camera. Sorted by the engine's yaw, they let a test turn "the head" through real intermediate
 * angles. Lit by the page's screen colours as a face in front of the screen is (litBurstFollowing,
 * screen-light.ts), they stand for a live person; unlit, they are a slideshow, which the live check
 * refuses (docs/privacy.md). Built at test time; no media lands in the repo.
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
  /** The face's box in the frame, as the engine found it. */
  box: { x: number; y: number; width: number; height: number };
}

/** A challenge as the server issues it: the poses and the screen colours. */
export interface ChallengeShown {
  poses: PoseWindow[];
  colours: ColourWindow[];
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
    if (framed.accepted && seen) {
      frames.push({ file: label.path, yawDegrees: seen.quality.yawDegrees, bytes, box: seen.box });
    }
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

/**
 * Two photos closer in yaw than this stand for one head angle: the live check's light rule compares
 * frames within 7 degrees, and the engine's yaw of one photo moves by a few degrees with the light.
 */
const DISTINCT_ANGLE_DEGREES = 15;

/**
 * One photo per head angle: the pose targets, and the others at least DISTINCT_ANGLE_DEGREES from
 * every photo kept. Two photos of a person at nearly one angle are two scenes (other light, other
 * room), which a camera watching one person never shows from one frame to the next: a burst that
 * swapped between them would be refused for the swap, not for anything a live person does.
 */
export function onePhotoPerAngle(frames: readonly PoseFrame[]): PoseFrame[] {
  const targets = poseTargets(frames);
  const kept = frames.filter((f) => Object.values(targets).includes(f.yawDegrees));
  for (const frame of frames) {
    if (kept.every((k) => Math.abs(k.yawDegrees - frame.yawDegrees) >= DISTINCT_ANGLE_DEGREES)) kept.push(frame);
  }
  return kept.sort((a, b) => a.yawDegrees - b.yawDegrees);
}

/** The photos that follow the challenge's poses, one every `intervalMs`, as a camera without the screen's light would show them. */
export function burstFollowing(windows: readonly PoseWindow[], photos: readonly PoseFrame[], intervalMs = 200) {
  const frames = onePhotoPerAngle(photos);
  const targets = poseTargets(frames);
  const length = windows.at(-1)?.endMs ?? 0;
  const burst: { atMs: number; photo: PoseFrame }[] = [];
  for (let atMs = 0; atMs <= length; atMs += intervalMs) {
    burst.push({ atMs, photo: nearestFrame(frames, yawFollowing(windows, targets, atMs)) });
  }
  return burst;
}

/** The screen's share added to the face's own colour: a bright screen close to the face (screen-light.ts). */
export const SCREEN_LIGHT_STRENGTH = 0.3;

/** A frame's pixels, changed by `change` (RGB, in place), as a camera's JPEG. */
export async function reshoot(
  bytes: Uint8Array,
  change: (data: Uint8Array, width: number, height: number) => void,
  quality = 88,
): Promise<Uint8Array> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  change(pixels, info.width, info.height);
  const jpeg = await sharp(pixels, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** A photo lit by the screen showing `colour`, the face (its engine box) taking the most light. */
export function litByScreen(photo: PoseFrame, colour: readonly number[], strength = SCREEN_LIGHT_STRENGTH) {
  const face = {
    cx: photo.box.x + photo.box.width / 2,
    cy: photo.box.y + photo.box.height / 2,
    radius: photo.box.width / 2,
  };
  return reshoot(photo.bytes, (data, width, height) => lightByScreen(data, width, height, 3, colour, face, strength));
}

/**
 * A live person's burst as the web app sends it: the photos that follow the challenge's poses, each
 * lit by the colour the page shows when the frame is taken.
 */
export async function litBurstFollowing(challenge: ChallengeShown, frames: readonly PoseFrame[], intervalMs = 200) {
  const burst: { atMs: number; bytes: Uint8Array }[] = [];
  for (const { atMs, photo } of burstFollowing(challenge.poses, frames, intervalMs)) {
    const colour = SCREEN_COLOURS[colourAt(challenge.colours, atMs) ?? "red"];
    burst.push({ atMs, bytes: distinctFrame(await litByScreen(photo, colour), burst.length) });
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
