import type { RgbImage } from "@lg/detection/media/image";

/**
 * Neighbouring-pixel residual statistics (after NPR, Tan et al., CVPR 2024): a generator's
 * upsampling layers (nearest, bilinear, transposed convolutions at ×2, often stacked to ×4 and ×8)
 * leave neighbouring pixels within an upsampled block more alike than pixels across blocks. For
 * grid periods 2, 4 and 8 and each phase of the grid, the mean absolute difference between
 * horizontal (and vertical) neighbours at that phase, against the mean over all phases, as a log
 * ratio; a camera picture has no preferred phase (beyond JPEG's 8-pixel blocks, which both kinds
 * carry in found media). Luma only, plain double arithmetic on the bytes: the same on every CPU.
 */

export const NPR_PERIODS = [2, 4, 8] as const;
export const NPR_FEATURES = 2 * NPR_PERIODS.reduce((sum, p) => sum + p, 0) + 2;

export function nprFeatures(image: RgbImage): Float64Array {
  const { width, height, data } = image;
  const luma = new Float64Array(width * height);
  for (let i = 0; i < width * height; i++)
    luma[i] =
      0.299 * (data[i * 3] as number) + 0.587 * (data[i * 3 + 1] as number) + 0.114 * (data[i * 3 + 2] as number);
  // Differences by phase modulo 8 (the other periods' phases are sums of these).
  const horizontal = new Float64Array(8);
  const vertical = new Float64Array(8);
  const horizontalCount = new Float64Array(8);
  const verticalCount = new Float64Array(8);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = luma[y * width + x] as number;
      if (x + 1 < width) {
        horizontal[x & 7] = (horizontal[x & 7] as number) + Math.abs(v - (luma[y * width + x + 1] as number));
        horizontalCount[x & 7] = (horizontalCount[x & 7] as number) + 1;
      }
      if (y + 1 < height) {
        vertical[y & 7] = (vertical[y & 7] as number) + Math.abs(v - (luma[(y + 1) * width + x] as number));
        verticalCount[y & 7] = (verticalCount[y & 7] as number) + 1;
      }
    }
  const out = new Float64Array(NPR_FEATURES);
  const eps = 1e-3;
  let at = 0;
  for (const [sums, counts] of [
    [horizontal, horizontalCount],
    [vertical, verticalCount],
  ] as const) {
    const total =
      sums.reduce((s, v) => s + v, 0) /
      Math.max(
        1,
        counts.reduce((s, v) => s + v, 0),
      );
    out[at++] = Math.log(total + eps);
    for (const period of NPR_PERIODS)
      for (let phase = 0; phase < period; phase++) {
        let sum = 0;
        let count = 0;
        for (let k = phase; k < 8; k += period) {
          sum += sums[k] as number;
          count += counts[k] as number;
        }
        out[at++] = Math.log((sum / Math.max(1, count) + eps) / (total + eps));
      }
  }
  return out;
}
