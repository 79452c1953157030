/**
 * Where TensorFlow's resizeBilinear (alignCorners and halfPixelCenters false) samples along one axis
 * when it resizes a zero-padded square of `side` pixels to `size`: output i reads source i × side /
 * size, between floor and floor + 1 (clamped to the square). The image's `extent` pixels sit in the
 * square after `padBefore` zeros; a neighbour in the padding is -1 (it reads as zero).
 *
 * face-api computes those positions in two precisions, and the ports must match each: the SSD's
 * input (NetInput.toBatchTensor) in float64, the per-face crops in float32 (`float32` true).
 */
export interface AxisTaps {
  /** Each output's lower and upper neighbour as a pixel index of the image along this axis, or -1. */
  low: Int32Array;
  high: Int32Array;
  /** The upper neighbour's weight, in float32 as tfjs holds it. */
  frac: Float32Array;
}

export function bilinearTaps(
  size: number,
  side: number,
  extent: number,
  padBefore: number,
  float32: boolean,
): AxisTaps {
  const taps: AxisTaps = { low: new Int32Array(size), high: new Int32Array(size), frac: new Float32Array(size) };
  const scale = float32 ? Math.fround(side / size) : side / size;
  const inImage = (index: number) => (index >= 0 && index < extent ? index : -1);
  for (let i = 0; i < size; i++) {
    const source = float32 ? Math.fround(i * scale) : i * scale;
    const low = Math.floor(source);
    taps.frac[i] = source - low;
    taps.low[i] = inImage(low - padBefore);
    taps.high[i] = inImage(Math.min(low + 1, side - 1) - padBefore);
  }
  return taps;
}
