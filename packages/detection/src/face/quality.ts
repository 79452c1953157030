import type { FaceQuality } from "../result.js";
import type { RawFace } from "./raw-face.js";
import type { Point } from "./yunet.js";

/**
 * Image-quality measures of one detected face, for enrolment gates and for weighting evidence,
 * all read from what YuNet's landmarks give: sharpness on the landmark-aligned crop (the pixels the
 * embedder sees, at a fixed size, so the same face photographed at two resolutions scores alike),
 * yaw from the eyes and nose tip.
 */

/** Variance of the 4-neighbour Laplacian over a square grey image of side `size`. */
export function grayLaplacianVariance(gray: Float32Array, size: number): number {
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = 1; y < size - 1; y++)
    for (let x = 1; x < size - 1; x++) {
      const at = y * size + x;
      const value =
        (gray[at - 1] as number) +
        (gray[at + 1] as number) +
        (gray[at - size] as number) +
        (gray[at + size] as number) -
        4 * (gray[at] as number);
      sum += value;
      sumSquares += value * value;
      count++;
    }
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}

/**
 * Yaw from the 5 landmarks: where the nose tip sits between the two eyes. Frontal puts it midway;
 * turning the head moves it towards one eye. On a head modelled as a cylinder the offset from the
 * middle is sin(yaw), which this inverts. An estimate for gating, not a measurement.
 */
export function estimateYawDegrees(landmarks: Point[]): number {
  const [leftEye, rightEye, noseTip] = landmarks;
  if (!leftEye || !rightEye || !noseTip) return Number.NaN;
  const span = rightEye.x - leftEye.x;
  if (Math.abs(span) < 1e-6) return Number.NaN;
  const ratio = (noseTip.x - leftEye.x) / span;
  const offset = Math.min(1, Math.max(-1, 2 * ratio - 1));
  return (Math.asin(offset) * 180) / Math.PI;
}

/**
 * The quality numbers of one detected face, the same in Node and in the browser. `scale` is the
 * analysed image's width over the original's, so the size is reported in the original's pixels.
 */
export function faceQuality(face: Omit<RawFace, "descriptor">, scale: number): FaceQuality {
  return {
    detectionScore: face.score,
    sizePx: Math.min(face.box.width, face.box.height) / scale,
    sharpness: face.sharpness,
    yawDegrees: estimateYawDegrees(face.landmarks),
  };
}
