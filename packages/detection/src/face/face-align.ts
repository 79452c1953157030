import type { RgbImage } from "../media/image.js";
import type { Point } from "./yunet.js";

/**
 * The aligned face crop SFace was trained on: the similarity transform (scale, rotation,
 * translation; least squares, as OpenCV's FaceRecognizerSF::alignCrop) taking the 5 detected
 * landmarks to the standard ArcFace template in a 112×112 image, sampled bilinearly with OpenCV's
 * warpAffine conventions (pixel centres at integer coordinates, black outside the image).
 */

export const ALIGNED_SIZE = 112;

/** Where the eyes, nose tip and mouth corners sit in a 112×112 ArcFace crop (image-left first). */
export const ARCFACE_TEMPLATE: readonly Point[] = [
  { x: 38.2946, y: 51.6963 },
  { x: 73.5318, y: 51.5014 },
  { x: 56.0252, y: 71.7366 },
  { x: 41.5493, y: 92.3655 },
  { x: 70.7299, y: 92.2041 },
];

/** Rec. 601 weights of red, green and blue in the sharpness measure's grey level. */
const LUMA_WEIGHTS = [0.299, 0.587, 0.114] as const;

/** dst ≈ [[a, -b], [b, a]]·src + [tx, ty]: the least-squares similarity from `src` to `dst`. */
export function similarityTransform(src: readonly Point[], dst: readonly Point[]) {
  const n = src.length;
  const mean = (ps: readonly Point[]) => ({
    x: ps.reduce((s, p) => s + p.x, 0) / n,
    y: ps.reduce((s, p) => s + p.y, 0) / n,
  });
  const ms = mean(src);
  const md = mean(dst);
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const sx = (src[i] as Point).x - ms.x;
    const sy = (src[i] as Point).y - ms.y;
    const dx = (dst[i] as Point).x - md.x;
    const dy = (dst[i] as Point).y - md.y;
    dot += sx * dx + sy * dy;
    cross += sx * dy - sy * dx;
    norm += sx * sx + sy * sy;
  }
  if (norm === 0) throw new Error("Landmarks coincide: no alignment");
  const a = dot / norm;
  const b = cross / norm;
  return { a, b, tx: md.x - (a * ms.x - b * ms.y), ty: md.y - (b * ms.x + a * ms.y) };
}

/**
 * The 112×112 aligned crop as planar RGB floats 0-255 (SFace's graph subtracts and scales itself),
 * plus its grey levels for the sharpness measure.
 */
export function alignedFace(image: RgbImage, landmarks: readonly Point[]): { rgb: Float32Array; gray: Float32Array } {
  const { a, b, tx, ty } = similarityTransform(landmarks, ARCFACE_TEMPLATE);
  const det = a * a + b * b;
  const plane = ALIGNED_SIZE * ALIGNED_SIZE;
  const rgb = new Float32Array(plane * 3);
  const gray = new Float32Array(plane);
  const { width, height, data } = image;
  const at = (x: number, y: number, channel: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : (data[(y * width + x) * 3 + channel] as number);
  const rowLength = width * 3;
  for (let v = 0; v < ALIGNED_SIZE; v++)
    for (let u = 0; u < ALIGNED_SIZE; u++) {
      // Inverse map: the source position this output pixel samples.
      const du = u - tx;
      const dv = v - ty;
      const sx = (a * du + b * dv) / det;
      const sy = (-b * du + a * dv) / det;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = v * ALIGNED_SIZE + u;
      // All four taps inside the picture (nearly every pixel of a face): read them by offset.
      const inside = x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height;
      const p00 = y0 * rowLength + x0 * 3;
      let luma = 0;
      for (let c = 0; c < 3; c++) {
        const s00 = inside ? (data[p00 + c] as number) : at(x0, y0, c);
        const s01 = inside ? (data[p00 + 3 + c] as number) : at(x0 + 1, y0, c);
        const s10 = inside ? (data[p00 + rowLength + c] as number) : at(x0, y0 + 1, c);
        const s11 = inside ? (data[p00 + rowLength + 3 + c] as number) : at(x0 + 1, y0 + 1, c);
        const value = (1 - fy) * ((1 - fx) * s00 + fx * s01) + fy * ((1 - fx) * s10 + fx * s11);
        rgb[c * plane + o] = value;
        luma += (LUMA_WEIGHTS[c] as number) * value;
      }
      gray[o] = luma;
    }
  return { rgb, gray };
}
