import type { RgbImage } from "../../media/image.js";
import { type UprightView, uprightView } from "../../media/orientation.js";

/**
 * The "dwtDct" method of the invisible-watermark package (imwatermark), which Stable Diffusion's
 * reference scripts and SDXL use to mark their output, reimplemented from its description:
 * - colour: OpenCV BGR→YUV on 8-bit pixels; only the U channel carries the mark (scale 36);
 * - a one-level Haar DWT of U cropped to a multiple of 4; only the LL band is used;
 * - LL is cut into 4×4 blocks, row-major; block n carries bit n mod L of the L-bit payload;
 * - in each block's orthonormal 2-D DCT, the largest-magnitude coefficient other than DC is set
 *   to (⌊|v|/36⌋ + 0.25 + 0.5·bit)·36 with its sign kept; decoding reads bit = (|v| mod 36) > 18,
 *   then votes over all blocks carrying the same bit.
 */

export const WATERMARK_SCALE = 36;
const BLOCK = 4;

/** OpenCV's RGB→YUV U for 8-bit images: (B − Y)·0.492 + 128, rounded and saturated. */
export function uOf(r: number, g: number, b: number): number {
  const luma = 0.299 * r + 0.587 * g + 0.114 * b;
  return Math.min(255, Math.max(0, Math.round((b - luma) * 0.492 + 128)));
}

function uAt(data: Uint8Array, p: number): number {
  return uOf(data[p] as number, data[p + 1] as number, data[p + 2] as number);
}

/**
 * U by table, for the search, which takes it of every pixel (twice as fast as uOf). In exact
 * arithmetic U = round(128 + k·123/250000) with the integer k = 886·B − 299·R − 587·G, whose
 * fraction is a multiple of 1/250000: too far from a rounding boundary for uOf's float error
 * (~1e-13) to round it otherwise, unless it is exactly a half. The table holds U by k, and 0 at
 * those halves (U itself is never 0: it stays within 17..239), which are left to uOf.
 */
const K_OFFSET = (299 + 587) * 255;
let uByK: Uint8Array | undefined;
export function uTable(): Uint8Array {
  if (!uByK) {
    uByK = new Uint8Array(K_OFFSET + 886 * 255 + 1);
    for (let k = -K_OFFSET; k <= 886 * 255; k++) {
      const onHalf = (((k * 123 - 125_000) % 250_000) + 250_000) % 250_000 === 0;
      uByK[k + K_OFFSET] = onHalf ? 0 : Math.round(128 + (k * 123) / 250_000);
    }
  }
  return uByK;
}

/** uOf(r, g, b) looked up in uTable(), for every colour (the unit tests try all 2²⁴). */
export function uByTable(table: Uint8Array, r: number, g: number, b: number): number {
  return (table[886 * b - 299 * r - 587 * g + K_OFFSET] as number) || uOf(r, g, b);
}

const uAtByTable = (table: Uint8Array, data: Uint8Array, p: number) =>
  uByTable(table, data[p] as number, data[p + 1] as number, data[p + 2] as number);

function uChannel(image: RgbImage, rows: number, cols: number): Float64Array {
  const u = new Float64Array(rows * cols);
  const { data, width } = image;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const p = (y * width + x) * 3;
      u[y * cols + x] = uAt(data, p);
    }
  }
  return u;
}

/** LL band of the orthonormal Haar DWT: each 2×2 block's sum / 2. */
function haarLowBand(channel: Float64Array, rows: number, cols: number): Float64Array {
  const llRows = rows / 2;
  const llCols = cols / 2;
  const ll = new Float64Array(llRows * llCols);
  for (let y = 0; y < llRows; y++) {
    for (let x = 0; x < llCols; x++) {
      const top = 2 * y * cols + 2 * x;
      const bottom = top + cols;
      ll[y * llCols + x] =
        ((channel[top] as number) +
          (channel[top + 1] as number) +
          (channel[bottom] as number) +
          (channel[bottom + 1] as number)) /
        2;
    }
  }
  return ll;
}

/** Orthonormal DCT-II basis for n = 4 (the matrix OpenCV's cv2.dct uses), row k = frequency. */
const BASIS = new Float64Array(BLOCK * BLOCK);
for (let k = 0; k < BLOCK; k++)
  for (let n = 0; n < BLOCK; n++)
    BASIS[k * BLOCK + n] =
      (k === 0 ? Math.sqrt(1 / BLOCK) : Math.sqrt(2 / BLOCK)) * Math.cos(((2 * n + 1) * k * Math.PI) / (2 * BLOCK));

/** out = C·X·Cᵀ (forward) or Cᵀ·X·C (inverse), into `out`, with `temp` as scratch. */
function dct2(block: Float64Array, inverse: boolean, out: Float64Array, temp: Float64Array): Float64Array {
  for (let k = 0; k < BLOCK; k++)
    for (let x = 0; x < BLOCK; x++) {
      let sum = 0;
      for (let n = 0; n < BLOCK; n++) {
        const c = inverse ? (BASIS[n * BLOCK + k] as number) : (BASIS[k * BLOCK + n] as number);
        sum += c * (block[n * BLOCK + x] as number);
      }
      temp[k * BLOCK + x] = sum;
    }
  for (let y = 0; y < BLOCK; y++)
    for (let k = 0; k < BLOCK; k++) {
      let sum = 0;
      for (let n = 0; n < BLOCK; n++) {
        const c = inverse ? (BASIS[n * BLOCK + k] as number) : (BASIS[k * BLOCK + n] as number);
        sum += c * (temp[y * BLOCK + n] as number);
      }
      out[y * BLOCK + k] = sum;
    }
  return out;
}

function largestAcIndex(coefficients: Float64Array): number {
  let best = 1;
  for (let i = 2; i < 16; i++)
    if (Math.abs(coefficients[i] as number) > Math.abs(coefficients[best] as number)) best = i;
  return best;
}

interface Geometry {
  rows: number;
  cols: number;
  llCols: number;
  blockRows: number;
  blockCols: number;
}

function geometry(image: { width: number; height: number }): Geometry {
  const rows = Math.floor(image.height / 4) * 4;
  const cols = Math.floor(image.width / 4) * 4;
  const llCols = cols / 2;
  return { rows, cols, llCols, blockRows: Math.floor(rows / 2 / BLOCK), blockCols: Math.floor(llCols / BLOCK) };
}

function readBlock(ll: Float64Array, g: Geometry, by: number, bx: number, block: Float64Array): Float64Array {
  for (let y = 0; y < BLOCK; y++)
    for (let x = 0; x < BLOCK; x++) block[y * BLOCK + x] = ll[(by * BLOCK + y) * g.llCols + bx * BLOCK + x] as number;
  return block;
}

export interface DecodedWatermark {
  bits: number[];
  /** Per bit, the share of blocks voting 1; values near 0 or 1 mean a clear mark. */
  votes: number[];
  blocks: number;
}

/**
 * Each block's bit reading, in embedding order; payloads of any length are tallied from it.
 * Reads the picture upright through `image` (stored pixels need not be turned first).
 * One pass over the pixels the blocks cover, each block's 8×8 pixels turned into its 16 LL values
 * and its DCT in two 16-value scratch arrays: no picture-sized U or LL array (100 MB and 25 MB
 * of float64 for a 12-megapixel photo). Each sum is uChannel → haarLowBand → dct2's, term for
 * term in the same order, so the readings are bit-identical to that pipeline's.
 */
export function readBlockBits(image: UprightView): Uint8Array {
  const g = geometry(image);
  const { data, origin, stepX, stepY } = image;
  const table = uTable();
  const readings = new Uint8Array(g.blockRows * g.blockCols);
  const ll = new Float64Array(16);
  const temp = new Float64Array(16);
  // Blocks are visited along the stored rows (down the upright columns of a picture stored on
  // its side), so each stored row is read through once; each reading still goes to its block's
  // place in embedding order.
  const onItsSide = Math.abs(stepX) > Math.abs(stepY);
  const [outerCount, innerCount] = onItsSide ? [g.blockCols, g.blockRows] : [g.blockRows, g.blockCols];
  for (let outer = 0; outer < outerCount; outer++)
    for (let inner = 0; inner < innerCount; inner++) {
      const by = onItsSide ? inner : outer;
      const bx = onItsSide ? outer : inner;
      for (let y = 0; y < BLOCK; y++) {
        let top = origin + (by * 2 * BLOCK + 2 * y) * stepY + bx * 2 * BLOCK * stepX;
        for (let x = 0; x < BLOCK; x++, top += 2 * stepX) {
          const bottom = top + stepY;
          ll[y * BLOCK + x] =
            (uAtByTable(table, data, top) +
              uAtByTable(table, data, top + stepX) +
              uAtByTable(table, data, bottom) +
              uAtByTable(table, data, bottom + stepX)) /
            2;
        }
      }
      // temp = C·X, then out = temp·Cᵀ, of which only the largest |AC| coefficient is kept.
      for (let k = 0; k < BLOCK; k++)
        for (let x = 0; x < BLOCK; x++)
          temp[k * BLOCK + x] =
            (BASIS[k * 4] as number) * (ll[x] as number) +
            (BASIS[k * 4 + 1] as number) * (ll[4 + x] as number) +
            (BASIS[k * 4 + 2] as number) * (ll[8 + x] as number) +
            (BASIS[k * 4 + 3] as number) * (ll[12 + x] as number);
      let largest = 0;
      for (let y = 0; y < BLOCK; y++)
        for (let k = y === 0 ? 1 : 0; k < BLOCK; k++) {
          const row = y * BLOCK;
          const value = Math.abs(
            (BASIS[k * 4] as number) * (temp[row] as number) +
              (BASIS[k * 4 + 1] as number) * (temp[row + 1] as number) +
              (BASIS[k * 4 + 2] as number) * (temp[row + 2] as number) +
              (BASIS[k * 4 + 3] as number) * (temp[row + 3] as number),
          );
          if (value > largest) largest = value;
        }
      readings[by * g.blockCols + bx] = largest % WATERMARK_SCALE > 0.5 * WATERMARK_SCALE ? 1 : 0;
    }
  return readings;
}

export function tallyBits(readings: Uint8Array, length: number): DecodedWatermark {
  const ones = new Float64Array(length);
  const counts = new Float64Array(length);
  for (let n = 0; n < readings.length; n++) {
    const bit = n % length;
    ones[bit] = (ones[bit] as number) + (readings[n] as number);
    counts[bit] = (counts[bit] as number) + 1;
  }
  const votes = Array.from(counts, (count, i) => (count > 0 ? (ones[i] as number) / count : 0.5));
  // imwatermark: bit = mean·255 > 127.
  return { bits: votes.map((vote) => (vote * 255 > 127 ? 1 : 0)), votes, blocks: readings.length };
}

export function decodeDwtDct(image: RgbImage, length: number): DecodedWatermark {
  return tallyBits(readBlockBits(uprightView(image, 1)), length);
}

/**
 * Embeds `bits` the same way. Only U's LL band changes, so each pixel of a 2×2 block moves by
 * ΔLL/2 in U, which with Y and V kept is ΔB = ΔU/0.492 and ΔG = −ΔU·0.114/(0.492·0.587).
 */
export function encodeDwtDct(image: RgbImage, bits: number[]): RgbImage {
  const g = geometry(image);
  const ll = haarLowBand(uChannel(image, g.rows, g.cols), g.rows, g.cols);
  const delta = new Float64Array(ll.length);
  const block = new Float64Array(16);
  const coefficients = new Float64Array(16);
  const restored = new Float64Array(16);
  const temp = new Float64Array(16);
  let n = 0;
  for (let by = 0; by < g.blockRows; by++)
    for (let bx = 0; bx < g.blockCols; bx++) {
      dct2(readBlock(ll, g, by, bx, block), false, coefficients, temp);
      const index = largestAcIndex(coefficients);
      const value = coefficients[index] as number;
      const bit = bits[n % bits.length] as number;
      const magnitude = (Math.floor(Math.abs(value) / WATERMARK_SCALE) + 0.25 + 0.5 * bit) * WATERMARK_SCALE;
      coefficients[index] = value >= 0 ? magnitude : -magnitude;
      dct2(coefficients, true, restored, temp);
      for (let y = 0; y < BLOCK; y++)
        for (let x = 0; x < BLOCK; x++) {
          const at = (by * BLOCK + y) * g.llCols + bx * BLOCK + x;
          delta[at] = (restored[y * BLOCK + x] as number) - (ll[at] as number);
        }
      n++;
    }
  const out = new Uint8Array(image.data);
  const clamp = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
  for (let y = 0; y < g.rows; y++)
    for (let x = 0; x < g.cols; x++) {
      const du = (delta[(y >> 1) * g.llCols + (x >> 1)] as number) / 2;
      const p = (y * image.width + x) * 3;
      out[p + 1] = clamp((image.data[p + 1] as number) - (du * 0.114) / (0.492 * 0.587));
      out[p + 2] = clamp((image.data[p + 2] as number) + du / 0.492);
    }
  return { data: out, width: image.width, height: image.height };
}
