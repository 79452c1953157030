import type { RgbImage } from "../media/image.js";
import type { Box } from "../result.js";
import { cropPixels, faceCropRegion } from "../synthetic-image/clip-input.js";

/**
 * Low-level features of a face crop for the blending boundary a face swap leaves: how the
 * high-frequency residual, sharpness and colour of concentric elliptical rings around the face box
 * compare with the whole crop. A pasted face is rendered at another resolution and colour than its
 * surroundings, so the inner rings' residual energy and colour part from the outer rings', with a
 * seam between. Plain double arithmetic on 8-bit pixels (no resampler, no SIMD library), so the same
 * picture gives the same features on every CPU.
 *
 * The crop is the face-synthetic signal's (box × 1.3, square, clipped), reduced by an integer
 * box-average factor to at most MAX_SIDE pixels.
 */

export const MAX_SIDE = 256;
/** Ring edges, in units of the face box's half-width and half-height from its centre. */
export const RING_EDGES = [0.35, 0.55, 0.7, 0.82, 0.94, 1.06, 1.2] as const;
const RINGS = RING_EDGES.length + 1;

function reduced(image: RgbImage): {
  y: Float64Array;
  cb: Float64Array;
  cr: Float64Array;
  width: number;
  height: number;
  factor: number;
} {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / MAX_SIDE));
  const width = Math.max(1, Math.floor(image.width / factor));
  const height = Math.max(1, Math.floor(image.height / factor));
  const y = new Float64Array(width * height);
  const cb = new Float64Array(width * height);
  const cr = new Float64Array(width * height);
  const area = factor * factor;
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let v = 0; v < factor; v++)
        for (let u = 0; u < factor; u++) {
          const at = ((j * factor + v) * image.width + i * factor + u) * 3;
          r += image.data[at] as number;
          g += image.data[at + 1] as number;
          b += image.data[at + 2] as number;
        }
      r /= area;
      g /= area;
      b /= area;
      const k = j * width + i;
      y[k] = 0.299 * r + 0.587 * g + 0.114 * b;
      cb[k] = -0.168736 * r - 0.331264 * g + 0.5 * b;
      cr[k] = 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
  return { y, cb, cr, width, height, factor };
}

/** |x − mean of its 3×3 neighbourhood| at each interior pixel (0 on the border). */
function residual(map: Float64Array, width: number, height: number, step: number): Float64Array {
  const out = new Float64Array(width * height);
  for (let j = step; j < height - step; j++)
    for (let i = step; i < width - step; i++) {
      let sum = 0;
      for (let v = -step; v <= step; v += step)
        for (let u = -step; u <= step; u += step) sum += map[(j + v) * width + i + u] as number;
      const k = j * width + i;
      out[k] = Math.abs((map[k] as number) - sum / 9);
    }
  return out;
}

/** Changes whenever the features do, so a fit never mixes versions (the fit's cache is keyed by it). */
export const BLEND_RESIDUAL_VERSION = 2;
const PER_PIXEL = 8;
const PER_RING = 9;
export const BLEND_RESIDUAL_FEATURES = 3 + RINGS * PER_RING;

/**
 * The features, in a fixed order: log mean residual of the whole crop at steps 1, 2 and 4, then per
 * ring (inner to outer): log ratio of its step-1, step-2 and step-4 residuals to the crop's, its
 * step-1/step-2 ratio (sharpness) against the crop's, its mean luma, Cb and Cr minus the crop's
 * (/255), the dispersion of its step-1 residual (log of its deviation over its mean, against the
 * crop's: a pasted face's noise differs from the camera's) and the log ratio of its chroma gradient
 * to the crop's (a colour seam). A ring without pixels reads 0 (no difference).
 */
export function blendResidualFeatures(pixels: RgbImage, faceBox: Box): Float64Array {
  const region = faceCropRegion(faceBox, pixels.width, pixels.height);
  const crop = reduced(cropPixels(pixels, region));
  const { width, height, factor } = crop;
  const r1 = residual(crop.y, width, height, 1);
  const r2 = residual(crop.y, width, height, 2);
  const r4 = residual(crop.y, width, height, 4);
  const cx = (faceBox.x + faceBox.width / 2 - region.x) / factor;
  const cy = (faceBox.y + faceBox.height / 2 - region.y) / factor;
  const ax = Math.max(1, faceBox.width / 2 / factor);
  const ay = Math.max(1, faceBox.height / 2 / factor);
  const sums = new Float64Array(RINGS * PER_PIXEL);
  const counts = new Float64Array(RINGS);
  const total = new Float64Array(PER_PIXEL);
  const values = new Float64Array(PER_PIXEL);
  let totalCount = 0;
  const margin = 4;
  for (let j = margin; j < height - margin; j++)
    for (let i = margin; i < width - margin; i++) {
      const rho = Math.hypot((i + 0.5 - cx) / ax, (j + 0.5 - cy) / ay);
      let ring = 0;
      while (ring < RING_EDGES.length && rho >= (RING_EDGES[ring] as number)) ring++;
      const k = j * width + i;
      const chroma =
        Math.abs((crop.cb[k + 1] as number) - (crop.cb[k - 1] as number)) +
        Math.abs((crop.cb[k + width] as number) - (crop.cb[k - width] as number)) +
        Math.abs((crop.cr[k + 1] as number) - (crop.cr[k - 1] as number)) +
        Math.abs((crop.cr[k + width] as number) - (crop.cr[k - width] as number));
      values[0] = r1[k] as number;
      values[1] = r2[k] as number;
      values[2] = r4[k] as number;
      values[3] = crop.y[k] as number;
      values[4] = crop.cb[k] as number;
      values[5] = crop.cr[k] as number;
      values[6] = (r1[k] as number) ** 2;
      values[7] = chroma;
      counts[ring] = (counts[ring] as number) + 1;
      totalCount++;
      for (let f = 0; f < PER_PIXEL; f++) {
        sums[ring * PER_PIXEL + f] = (sums[ring * PER_PIXEL + f] as number) + (values[f] as number);
        total[f] = (total[f] as number) + (values[f] as number);
      }
    }
  const out = new Float64Array(BLEND_RESIDUAL_FEATURES);
  const eps = 0.05;
  const all = (f: number) => (totalCount > 0 ? (total[f] as number) / totalCount : 0);
  const dispersion = (mean: number, meanSquare: number) =>
    Math.log((Math.sqrt(Math.max(meanSquare - mean * mean, 0)) + eps) / (mean + eps));
  out[0] = Math.log(all(0) + eps);
  out[1] = Math.log(all(1) + eps);
  out[2] = Math.log(all(2) + eps);
  const sharpness = Math.log((all(0) + eps) / (all(1) + eps));
  const allDispersion = dispersion(all(0), all(6));
  for (let ring = 0; ring < RINGS; ring++) {
    const n = counts[ring] as number;
    if (n === 0) continue;
    const mean = (f: number) => (sums[ring * PER_PIXEL + f] as number) / n;
    const base = 3 + ring * PER_RING;
    out[base] = Math.log((mean(0) + eps) / (all(0) + eps));
    out[base + 1] = Math.log((mean(1) + eps) / (all(1) + eps));
    out[base + 2] = Math.log((mean(2) + eps) / (all(2) + eps));
    out[base + 3] = Math.log((mean(0) + eps) / (mean(1) + eps)) - sharpness;
    out[base + 4] = (mean(3) - all(3)) / 255;
    out[base + 5] = (mean(4) - all(4)) / 255;
    out[base + 6] = (mean(5) - all(5)) / 255;
    out[base + 7] = dispersion(mean(0), mean(6)) - allDispersion;
    out[base + 8] = Math.log((mean(7) + eps) / (all(7) + eps));
  }
  return out;
}
