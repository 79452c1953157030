import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { inspectImageForEnrolment } from "@lg/detection";
import { SCREEN_COLOURS } from "@lg/domain/biometrics/screen-light";
import type { Page } from "playwright-core";
import { readLabels } from "../../../packages/detection/src/labelled-data.js";
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  imageSize,
  onePhotoPerAngle,
  poseFrames,
  poseTargets,
  SCREEN_LIGHT_STRENGTH,
} from "../../support/live-frames.js";
import { lightByScreen } from "../../support/screen-light.js";

/**
 * Chromium's fake camera and microphone fed from real media of the simulator's persona: a Y4M
 * that shows the person frontal, turned one way and turned the other (real photos, chosen by the
 * detection engine's own yaw estimate), and a WAV of their voice. Built at test time so no media
 * lands in the repository.
 */

const run = promisify(execFile);

export const CAPTURE_WIDTH = 640;
export const CAPTURE_HEIGHT = 480;
/** Seconds each pose stays on screen; the video loops, so the test waits for a pose's first frames. */
export const SECONDS_PER_POSE = 4;
const FPS = 10;
/**
 * Each pose carries a solid 16 px square in the top-left corner (red, green, blue) so the test can
 * tell which pose the live preview shows before pressing capture. It is far from the face.
 */
export const POSE_MARKERS = ["red", "lime", "blue"] as const;
const FRONT_MAX_YAW = 8;
const TURN_MIN_YAW = 20;
/** How much of the frame around the face box to keep: head and shoulders, as a webcam sees. */
const FRAME_TO_FACE = 3;

export interface PersonaMedia {
  faceSubject: string;
  faceEnrolment: string;
  voiceEnrolment: string;
}

interface PosePhoto {
  file: string;
  yawDegrees: number;
  box: { x: number; y: number; width: number; height: number };
  imageWidth: number;
  imageHeight: number;
}

export interface FakeCapture {
  videoPath: string;
  audioPath: string;
  poses: { file: string; yawDegrees: number }[];
}

/** Chromium's flags that make its camera and microphone play this capture, permission prompts answered. */
export function chromiumCaptureArgs(capture: FakeCapture): string[] {
  return [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${capture.videoPath}`,
    `--use-file-for-fake-audio-capture=${capture.audioPath}`,
  ];
}

/** Every photo of the subject with one usable face, with the engine's yaw for it. */
async function posePhotos(mediaDir: string, subject: string): Promise<PosePhoto[]> {
  const labels = await readLabels(mediaDir);
  const photos: PosePhoto[] = [];
  for (const label of labels.filter((l) => l.kind === "face" && l.subjects.includes(subject))) {
    const file = path.join(mediaDir, label.path);
    const inspection = await inspectImageForEnrolment(new Uint8Array(await readFile(file)), {
      gates: { maxAbsYawDegrees: 90 },
    });
    const face = inspection.faces[0];
    if (!inspection.accepted || !face) continue;
    const { width, height } = await imageSize(file);
    photos.push({ file, yawDegrees: face.quality.yawDegrees, box: face.box, imageWidth: width, imageHeight: height });
  }
  return photos;
}

/** Front (the enrolment photo when it is frontal), and the most clearly turned photo each way. */
function choosePoses(photos: PosePhoto[], enrolment: string): [PosePhoto, PosePhoto, PosePhoto] {
  const frontal = photos.filter((p) => Math.abs(p.yawDegrees) <= FRONT_MAX_YAW);
  const front = frontal.find((p) => p.file.endsWith(enrolment)) ?? frontal[0];
  const byYaw = [...photos].sort((a, b) => a.yawDegrees - b.yawDegrees);
  const one = byYaw[0];
  const other = byYaw.at(-1);
  if (!front || !one || !other || one.yawDegrees > -TURN_MIN_YAW || other.yawDegrees < TURN_MIN_YAW) {
    const yaws = photos.map((p) => `${path.basename(p.file)} ${p.yawDegrees.toFixed(1)}°`).join(", ");
    throw new Error(`The persona has no frontal photo and no photo turned ${TURN_MIN_YAW}°+ each way: ${yaws}`);
  }
  return [front, one, other];
}

/** A 4:3 crop centred on the face, FRAME_TO_FACE times its height, inside the image. */
function cropAroundFace(p: PosePhoto): string {
  let height = Math.min(p.box.height * FRAME_TO_FACE, p.imageHeight);
  let width = Math.min((height * CAPTURE_WIDTH) / CAPTURE_HEIGHT, p.imageWidth);
  height = Math.min(height, (width * CAPTURE_HEIGHT) / CAPTURE_WIDTH);
  width = Math.floor(width);
  height = Math.floor(height);
  const centreX = p.box.x + p.box.width / 2;
  const centreY = p.box.y + p.box.height / 2;
  const x = Math.round(Math.min(Math.max(centreX - width / 2, 0), p.imageWidth - width));
  const y = Math.round(Math.min(Math.max(centreY - height / 2, 0), p.imageHeight - height));
  return `crop=${width}:${height}:${x}:${y}`;
}

export async function buildFakeCapture(mediaDir: string, persona: PersonaMedia, outDir: string): Promise<FakeCapture> {
  const poses = choosePoses(await posePhotos(mediaDir, persona.faceSubject), persona.faceEnrolment);
  const videoPath = path.join(outDir, "camera.y4m");
  const inputs = poses.flatMap((p) => [
    "-loop",
    "1",
    "-framerate",
    String(FPS),
    "-t",
    String(SECONDS_PER_POSE),
    "-i",
    p.file,
  ]);
  const chains = poses.map(
    (p, i) =>
      `[${i}:v]${cropAroundFace(p)},scale=${CAPTURE_WIDTH}:${CAPTURE_HEIGHT},setsar=1,` +
      `drawbox=x=0:y=0:w=16:h=16:color=${POSE_MARKERS[i]}:t=fill,format=yuv420p[v${i}]`,
  );
  const filter = `${chains.join(";")};${poses.map((_, i) => `[v${i}]`).join("")}concat=n=${poses.length}:v=1:a=0[out]`;
  await run("ffmpeg", ["-y", "-loglevel", "error", ...inputs, "-filter_complex", filter, "-map", "[out]", videoPath]);

  // 48 kHz 16-bit mono: what Chromium's fake microphone plays without resampling surprises.
  const audioPath = path.join(outDir, "microphone.wav");
  const voice = path.join(mediaDir, persona.voiceEnrolment);
  await run("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-i",
    voice,
    "-ar",
    "48000",
    "-ac",
    "1",
    "-c:a",
    "pcm_s16le",
    audioPath,
  ]);
  return {
    videoPath,
    audioPath,
    poses: poses.map((p) => ({ file: path.relative(mediaDir, p.file), yawDegrees: p.yawDegrees })),
  };
}

/**
 * Which pose the live preview shows, from the colour of the marker square the fake camera's video
 * carries in its corner (-1 when the preview has no frame yet). Runs in the page.
 */
const SHOWN_POSE = `(() => {
  const video = document.querySelector("video");
  if (!video || video.readyState < 2) return -1;
  const canvas = document.createElement("canvas");
  canvas.width = 16;
  canvas.height = 16;
  const context = canvas.getContext("2d");
  context.drawImage(video, 0, 0, 16, 16, 0, 0, 16, 16);
  const [r, g, b] = context.getImageData(6, 6, 1, 1).data;
  const high = (v) => v > 150, low = (v) => v < 100;
  if (high(r) && low(g) && low(b)) return 0;
  if (low(r) && high(g) && low(b)) return 1;
  if (low(r) && low(g) && high(b)) return 2;
  return -1;
})()`;

/** Waits until the looping video has just switched to the pose, so a capture lands well inside it. */
export async function waitForPoseStart(page: Page, pose: number) {
  const previous = (pose + POSE_MARKERS.length - 1) % POSE_MARKERS.length;
  for (const expected of [previous, pose]) {
    const deadline = Date.now() + 60_000;
    // Polled from Node: page.evaluate is exempt from the page's Content-Security-Policy, while
    // waitForFunction's in-page polling needs eval, which the production policy forbids.
    while ((await page.evaluate(SHOWN_POSE)) !== expected) {
      if (Date.now() > deadline) throw new Error(`The camera preview did not show pose ${expected} within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * A virtual camera for the live check that stands for a person in front of the screen:
 * getUserMedia's video is a canvas showing the persona's real photos (framed alike,
 * test/support/live-frames.ts), the one nearest a head angle that follows the prompt the page shows,
 * turning at most 8 degrees every 50 ms through real intermediate angles, lit as the screen lights a
 * face: it reads the colour the page shows (`data-live-colour`) and adds it to the face most and the
 * room beside the head little (test/support/screen-light.ts). A little noise keeps frames distinct.
 * The microphone stays Chromium's fake one. A virtual camera that reads the page this way is what the
 * live check cannot tell from a person (docs/privacy.md); what this tests is the web app's side:
 * prompts and colours show in order and the burst goes to the server.
 */
export async function liveCheckCameraScript(mediaDir: string, persona: PersonaMedia, outDir: string) {
  const frames = onePhotoPerAngle(await poseFrames(mediaDir, persona.faceSubject, outDir));
  const targets = poseTargets(frames);
  const photos = frames.map((f) => ({
    yaw: f.yawDegrees,
    face: { cx: f.box.x + f.box.width / 2, cy: f.box.y + f.box.height / 2, radius: f.box.width / 2 },
    jpeg: Buffer.from(f.bytes).toString("base64"),
  }));
  return `(() => {
  const photos = ${JSON.stringify(photos)};
  const targets = ${JSON.stringify(targets)};
  const screenColours = ${JSON.stringify(SCREEN_COLOURS)};
  const lightByScreen = ${lightByScreen.toString()};
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    if (!constraints || !constraints.video) return original(constraints);
    const bitmaps = await Promise.all(photos.map((p) =>
      createImageBitmap(new Blob([Uint8Array.from(atob(p.jpeg), (c) => c.charCodeAt(0))], { type: "image/jpeg" }))));
    const canvas = document.createElement("canvas");
    canvas.width = ${FRAME_WIDTH};
    canvas.height = ${FRAME_HEIGHT};
    const context = canvas.getContext("2d", { willReadFrequently: true });
    let yaw = targets.front;
    const lit = new Map();
    const draw = () => {
      const pose = document.querySelector("[data-live-pose]")?.getAttribute("data-live-pose");
      const target = targets[pose] ?? targets.front;
      yaw += Math.max(-8, Math.min(8, target - yaw));
      let nearest = 0;
      photos.forEach((p, i) => { if (Math.abs(p.yaw - yaw) < Math.abs(photos[nearest].yaw - yaw)) nearest = i; });
      const colour = document.querySelector("[data-live-colour]")?.getAttribute("data-live-colour");
      const shown = screenColours[colour];
      if (shown) {
        // Each photo under each colour is lit once and kept: lighting every pixel every 50 ms stalls a busy page.
        const key = nearest + ":" + colour;
        if (!lit.has(key)) {
          context.drawImage(bitmaps[nearest], 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          lightByScreen(image.data, canvas.width, canvas.height, 4, shown, photos[nearest].face, ${SCREEN_LIGHT_STRENGTH});
          lit.set(key, image);
        }
        context.putImageData(lit.get(key), 0, 0);
      } else {
        context.drawImage(bitmaps[nearest], 0, 0, canvas.width, canvas.height);
      }
      context.fillStyle = "rgb(" + [0, 0, 0].map(() => Math.floor(Math.random() * 256)).join(",") + ")";
      context.fillRect(Math.floor(Math.random() * 8), canvas.height - 8, 4, 4);
    };
    draw();
    setInterval(draw, 50);
    return canvas.captureStream();
  };
})();`;
}

/** Runs the live check on the page showing it; answers what the server said about the burst. */
export async function takeLiveCheck(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/biometric-training") && r.request().method() === "POST",
    { timeout: 60_000 },
  );
  await page.locator("video").waitFor();
  await page.getByRole("button", { name: "Start live check" }).click();
  return answered;
}
