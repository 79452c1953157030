import type { RgbImage } from "../media/image.js";
import type { Box, FaceQuality } from "../result.js";
import type { RawFace } from "./face-api-pipeline.js";
import type { Point } from "./face-model.js";

/**
 * Image-quality measures of one detected face, for enrolment gates and for weighting evidence.
 * Sharpness is measured on the face crop resampled to a fixed size, so the same face photographed
 * at two resolutions scores alike.
 */

const CROP = 128;

function grayCrop(image: RgbImage, box: Box): Float64Array {
  const out = new Float64Array(CROP * CROP);
  for (let y = 0; y < CROP; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, Math.round(box.y + ((y + 0.5) * box.height) / CROP)));
    for (let x = 0; x < CROP; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, Math.round(box.x + ((x + 0.5) * box.width) / CROP)));
      const p = (sy * image.width + sx) * 3;
      out[y * CROP + x] =
        0.299 * (image.data[p] as number) +
        0.587 * (image.data[p + 1] as number) +
        0.114 * (image.data[p + 2] as number);
    }
  }
  return out;
}

/** Variance of the 4-neighbour Laplacian over the face crop. */
export function laplacianVariance(image: RgbImage, box: Box): number {
  const gray = grayCrop(image, box);
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = 1; y < CROP - 1; y++)
    for (let x = 1; x < CROP - 1; x++) {
      const at = y * CROP + x;
      const value =
        (gray[at - 1] as number) +
        (gray[at + 1] as number) +
        (gray[at - CROP] as number) +
        (gray[at + CROP] as number) -
        4 * (gray[at] as number);
      sum += value;
      sumSquares += value * value;
      count++;
    }
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}

const mean = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * Yaw from the 68-point landmarks: where the nose bridge sits between the two eyes' centres.
 * Frontal puts it midway; turning the head moves it towards one eye. On a head modelled as a
 * cylinder the offset from the middle is sin(yaw), which this inverts. An estimate for gating,
 * not a measurement: good to about ±10° on frontal-to-profile portraits.
 */
export function estimateYawDegrees(landmarks: Point[]): number {
  if (landmarks.length < 68) return Number.NaN;
  const leftEye = mean(landmarks.slice(36, 42));
  const rightEye = mean(landmarks.slice(42, 48));
  const noseTip = landmarks[30] as Point;
  const span = rightEye.x - leftEye.x;
  if (Math.abs(span) < 1e-6) return Number.NaN;
  const ratio = (noseTip.x - leftEye.x) / span;
  const offset = Math.min(1, Math.max(-1, 2 * ratio - 1));
  return (Math.asin(offset) * 180) / Math.PI;
}

/**
 * The quality numbers of one detected face, the same in Node and in the browser. `pixels` is the
 * analysed image the face was found in; `scale` its width over the original's, so the size is
 * reported in the original's pixels.
 */
export function faceQuality(face: Omit<RawFace, "descriptor">, pixels: RgbImage, scale: number): FaceQuality {
  return {
    detectionScore: face.score,
    sizePx: Math.min(face.box.width, face.box.height) / scale,
    sharpness: laplacianVariance(pixels, face.box),
    yawDegrees: estimateYawDegrees(face.landmarks),
  };
}
