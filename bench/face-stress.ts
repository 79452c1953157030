/**
 * face.stress for bench:detection: how face identity holds when the probe is a small, compressed
 * face, as in crowd shots, thumbnails and re-compressed reposts. Each labelled photo is enrolled
 * clean (the product's decode, its largest face); each is also shrunk so the distance between the
 * eyes is 16, 12 or 10 px, saved as JPEG quality 40, and run through the product's whole face path
 * again (decode, detection, alignment, embedding). A probe is compared with the clean enrolment of
 * every other photo: same identity = genuine pair, different = impostor pair (all identities).
 * A probe where no face is found stays in the genuine count and is never accepted.
 */

import { decodeImage, type RgbImage } from "@lg/detection/media/image";
import { resolveLimits } from "@lg/detection/media/limits";
import { faceModel } from "@lg/detection/models/registry";
import { cosineDistance } from "@lg/detection/voice/matching";
import sharp from "sharp";

export const STRESS_EYE_DISTANCES_PX = [16, 12, 10] as const;
export const STRESS_JPEG_QUALITY = 40;

export interface StressPhoto {
  subject: string;
  bytes: Uint8Array;
}

export type TarAtFar = (genuine: number[], impostor: number[], far: number) => { tar: number } | null;

export interface StressLevel {
  eyeDistancePx: number;
  probes: number;
  probesWithFace: number;
  genuinePairs: number;
  impostorPairs: number;
  tarAtFar1e2: number | null;
  tarAtFar1e3: number | null;
}

/** The photo shrunk so its largest face has `eyePx` between the eyes, as JPEG quality 40. */
async function degraded(pixels: RgbImage, eyeDistance: number, eyePx: number): Promise<Uint8Array | null> {
  const factor = eyePx / eyeDistance;
  if (factor >= 1) return null;
  const width = Math.max(1, Math.round(pixels.width * factor));
  const height = Math.max(1, Math.round(pixels.height * factor));
  const jpeg = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .resize(width, height)
    .jpeg({ quality: STRESS_JPEG_QUALITY })
    .toBuffer();
  return new Uint8Array(jpeg);
}

export async function faceStress(photos: StressPhoto[], tarAtFar: TarAtFar): Promise<StressLevel[]> {
  const limits = resolveLimits({});
  const model = faceModel();
  const decodeForAnalysis = (bytes: Uint8Array) => decodeImage(bytes, limits, limits.analysisMaxSide);
  const clean: { subject: string; pixels: RgbImage; eyeDistance: number; embedding: Float32Array }[] = [];
  for (const photo of photos) {
    const image = await decodeForAnalysis(photo.bytes);
    const [face] = await model.predict(image.pixels);
    if (!face) continue;
    const [left, right] = face.landmarks as [{ x: number; y: number }, { x: number; y: number }];
    const eyeDistance = Math.hypot(right.x - left.x, right.y - left.y);
    clean.push({ subject: photo.subject, pixels: image.pixels, eyeDistance, embedding: face.descriptor });
  }

  const levels: StressLevel[] = [];
  for (const eyePx of STRESS_EYE_DISTANCES_PX) {
    const genuine: number[] = [];
    const impostor: number[] = [];
    let probes = 0;
    let probesWithFace = 0;
    for (const [i, probe] of clean.entries()) {
      const bytes = await degraded(probe.pixels, probe.eyeDistance, eyePx);
      if (!bytes) continue;
      probes++;
      const [face] = await model.predict((await decodeForAnalysis(bytes)).pixels);
      if (face) probesWithFace++;
      for (const [j, enrolled] of clean.entries()) {
        if (i === j) continue;
        const distance = face ? cosineDistance(face.descriptor, enrolled.embedding) : Number.POSITIVE_INFINITY;
        if (enrolled.subject === probe.subject) genuine.push(distance);
        else if (face) impostor.push(distance);
      }
    }
    levels.push({
      eyeDistancePx: eyePx,
      probes,
      probesWithFace,
      genuinePairs: genuine.length,
      impostorPairs: impostor.length,
      tarAtFar1e2: tarAtFar(genuine, impostor, 1e-2)?.tar ?? null,
      tarAtFar1e3: tarAtFar(genuine, impostor, 1e-3)?.tar ?? null,
    });
  }
  return levels;
}

export interface FaceStageMs {
  /** Pictures timed (those where a face was found), after one untimed warm-up call. */
  pictures: number;
  /** Mean CPU milliseconds of YuNet on the picture (input scaling, network, decoding, NMS). */
  detectMs: number;
  /** Mean CPU milliseconds of one face's alignment and SFace embedding. */
  embedMs: number;
  /** detectMs + embedMs: the face stage of a picture with one face. */
  faceStageMs: number;
}

/** The face stage's CPU time split into detection and one embedding (the largest face's), per picture. */
export async function faceStageTimes(photos: StressPhoto[]): Promise<FaceStageMs> {
  const limits = resolveLimits({});
  const pipeline = await faceModel().ready();
  // This process alone, in microseconds: /proc's 10 ms ticks are too coarse for one detection.
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let detectMs = 0;
  let embedMs = 0;
  let pictures = 0;
  for (const [index, photo] of photos.entries()) {
    const { pixels } = await decodeImage(photo.bytes, limits, limits.analysisMaxSide);
    const start = cpuMs();
    const faces = await pipeline.detect(pixels);
    const detected = cpuMs();
    const largest = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (!largest) continue;
    await pipeline.describe(pixels, largest);
    if (index === 0) continue;
    detectMs += detected - start;
    embedMs += cpuMs() - detected;
    pictures++;
  }
  const mean = (total: number) => (pictures > 0 ? total / pictures : Number.NaN);
  return { pictures, detectMs: mean(detectMs), embedMs: mean(embedMs), faceStageMs: mean(detectMs + embedMs) };
}
