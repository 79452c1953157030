/**
 * face-api's input for SSD MobileNet v1, built straight from the RGB bytes: NetInput.toBatchTensor
 * (512, false) pads the image to a square with zeros below or to the right (padToSquare, not
 * centred), resizes that square to 512 × 512 with tfjs resizeBilinear (alignCorners and
 * halfPixelCenters false: source = destination × scale), and forwardInput maps values to
 * x / 127.5 − 1. Sampling the padded square on the fly touches only the 512² output pixels'
 * neighbours instead of materialising the padded image as floats.
 */
import { bilinearTaps } from "./bilinear-taps.js";

export interface SsdInput {
  /** [1, 3, size, size], channel-first for the ONNX graph. */
  data: Float32Array;
  /** The image's sides after scaling by size / max(width, height), rounded as face-api does. */
  scaledWidth: number;
  scaledHeight: number;
}

/**
 * The shared sample positions (bilinear-taps.ts) as byte offsets into `rgb`, clamped into the
 * image, with a 0/1 mask each, so the padding reads as 0 without a branch per pixel.
 */
interface Taps {
  low: Int32Array;
  high: Int32Array;
  lowMask: Float32Array;
  highMask: Float32Array;
  frac: Float32Array;
}

function taps(side: number, inside: number, size: number, stride: number): Taps {
  // face-api pads below and to the right (padToSquare without centring): nothing before the image.
  const { low, high, frac } = bilinearTaps(size, side, inside, 0, false);
  const offsets = (indices: Int32Array) => indices.map((index) => Math.max(index, 0) * stride);
  const masks = (indices: Int32Array) => Float32Array.from(indices, (index) => (index >= 0 ? 1 : 0));
  return { low: offsets(low), high: offsets(high), lowMask: masks(low), highMask: masks(high), frac };
}

export function ssdInput(rgb: Uint8Array | Int32Array, width: number, height: number, size: number): SsdInput {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`SSD input: invalid image size ${width}×${height}`);
  if (rgb.length !== width * height * 3)
    throw new RangeError(`SSD input: ${rgb.length} values for a ${width}×${height} RGB image`);
  const side = Math.max(width, height);
  const rows = taps(side, height, size, width * 3);
  const cols = taps(side, width, size, 3);
  const plane = size * size;
  const data = new Float32Array(3 * plane);
  for (let r = 0; r < size; r++) {
    const top = rows.low[r] as number;
    const bottom = rows.high[r] as number;
    const topMask = rows.lowMask[r] as number;
    const bottomMask = rows.highMask[r] as number;
    const fy = rows.frac[r] as number;
    for (let q = 0; q < size; q++) {
      const left = cols.low[q] as number;
      const right = cols.high[q] as number;
      const leftMask = cols.lowMask[q] as number;
      const rightMask = cols.highMask[q] as number;
      const fx = cols.frac[q] as number;
      const out = r * size + q;
      for (let c = 0; c < 3; c++) {
        const topLeft = (rgb[top + left + c] as number) * topMask * leftMask;
        const topRight = (rgb[top + right + c] as number) * topMask * rightMask;
        const bottomLeft = (rgb[bottom + left + c] as number) * bottomMask * leftMask;
        const bottomRight = (rgb[bottom + right + c] as number) * bottomMask * rightMask;
        const upper = topLeft + (topRight - topLeft) * fx;
        const lower = bottomLeft + (bottomRight - bottomLeft) * fx;
        data[c * plane + out] = (upper + (lower - upper) * fy) / 127.5 - 1;
      }
    }
  }
  const scale = size / side;
  return { data, scaledWidth: Math.round(width * scale), scaledHeight: Math.round(height * scale) };
}
