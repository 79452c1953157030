/**
 * PDQ, Meta's 256-bit perceptual image hash (facebook/ThreatExchange, pdq/, BSD licence), ported
 * from the reference C++ (pdq/cpp/hashing/pdqhashing.cpp, downscaling/downscaling.cpp,
 * hashing/torben.cpp) so a hash made here is the hash StopNCII and the platforms that join it
 * compute. Plain arithmetic over a pixel buffer: no DOM and no Node API, so the browser (which
 * hashes a person's own pictures before anything leaves the device) and the server (which hashes
 * every scanned and crawled picture) run the very same code.
 *
 * Steps, as the reference: luminance (Rec. 601 weights), two passes of a Jarosz box filter along
 * rows then columns with a window of about half the decimation step, decimation to 64x64, the
 * image-domain quality metric from quantised gradients, the 16x16 low-frequency block of a 2D
 * DCT (coefficients 1..16 in each direction, dropping DC), and one bit per coefficient: above the
 * block's median. The eight dihedral variants (rotations and flips) come from sign changes and a
 * transpose of the DCT block, as the reference does, without re-hashing the pixels.
 *
 * Bit k = 16*i + j (DCT row i, column j) is bit k of the 256-bit number the hex string spells
 * big-endian, the reference's Hash256::format (sixteen 16-bit words, w[15] first).
 */

/** One PDQ hash: 64 lowercase hex characters, and the quality in 0..100 the reference defines. */
export interface PdqHash {
  hex: string;
  quality: number;
}

/** The dihedral variants the reference computes (pdqDihedralHash256esFromFloatLuma), in its order. */
export const PDQ_DIHEDRAL_VARIANTS = [
  "original",
  "rotate90",
  "rotate180",
  "rotate270",
  "flipX",
  "flipY",
  "flipPlus1",
  "flipMinus1",
] as const;
export type PdqDihedralVariant = (typeof PDQ_DIHEDRAL_VARIANTS)[number];

export interface PdqDihedralHashes {
  quality: number;
  hashes: Record<PdqDihedralVariant, string>;
}

/** Pixels to hash: interleaved 8-bit samples, `channels` per pixel (1 grey, 3 RGB, 4 RGBA; alpha ignored). */
export interface PdqPixels {
  data: ArrayLike<number>;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** The reference's smallest hashable side: smaller pictures hash to all zeros at quality 0. */
const MIN_HASHABLE_DIM = 5;
const DOWNSAMPLED = 64;
const DCT_SIDE = 16;
const HASH_BITS = DCT_SIDE * DCT_SIDE;

const LUMA_R = 0.299;
const LUMA_G = 0.587;
const LUMA_B = 0.114;

/** The 16x64 DCT-II rows 1..16 (DC dropped), scaled by sqrt(2/64), as the reference's dct_matrix_64. */
const DCT_MATRIX = (() => {
  const matrix = new Float64Array(DCT_SIDE * DOWNSAMPLED);
  const scale = Math.sqrt(2 / DOWNSAMPLED);
  for (let i = 0; i < DCT_SIDE; i++) {
    for (let j = 0; j < DOWNSAMPLED; j++) {
      matrix[i * DOWNSAMPLED + j] = scale * Math.cos((Math.PI / 2 / DOWNSAMPLED) * (i + 1) * (2 * j + 1));
    }
  }
  return matrix;
})();

function checkSamples(pixels: PdqPixels) {
  const { data, width, height, channels } = pixels;
  if (data.length < width * height * channels) {
    throw new RangeError(
      `PDQ: ${width}x${height} pixels of ${channels} channels need ${width * height * channels} samples, got ${data.length}`,
    );
  }
}

/** Row `row`'s luminance into `out` (the picture's width long). */
function lumaRow(pixels: PdqPixels, row: number, out: Float64Array) {
  const { data, width, channels } = pixels;
  if (channels === 1) {
    for (let x = 0, s = row * width; x < width; x++, s++) out[x] = data[s] as number;
    return;
  }
  for (let x = 0, s = row * width * channels; x < width; x++, s += channels) {
    out[x] = LUMA_R * (data[s] as number) + LUMA_G * (data[s + 1] as number) + LUMA_B * (data[s + 2] as number);
  }
}

export function lumaOf(pixels: PdqPixels): Float64Array {
  checkSamples(pixels);
  const { width, height } = pixels;
  const luma = new Float64Array(width * height);
  for (let y = 0; y < height; y++) lumaRow(pixels, y, luma.subarray(y * width, (y + 1) * width));
  return luma;
}

/** The reference's window: about half the decimation step, rounded up. */
export const jaroszWindowSize = (oldDimension: number, newDimension: number): number =>
  Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));

/**
 * The reference's four phases of a centred box filter over `length` samples: the window filling
 * before the first output, filling while it outputs, sliding, and emptying at the far end.
 */
function boxPhases(length: number, window: number) {
  const half = Math.floor((window + 2) / 2);
  return { phase1: half - 1, phase2: window - half + 1, phase3: length - window, phase4: half - 1 };
}

/**
 * One box-filter pass over a strided vector, the reference's box1DFloat: the window is centred
 * (half of it ahead), and shrinks at both ends rather than padding.
 */
function box1D(
  input: Float64Array,
  output: Float64Array,
  start: number,
  length: number,
  stride: number,
  window: number,
) {
  const { phase1, phase2, phase3, phase4 } = boxPhases(length, window);
  let li = start;
  let ri = start;
  let oi = start;
  let sum = 0;
  let size = 0;
  for (let i = 0; i < phase1; i++) {
    sum += input[ri] as number;
    size++;
    ri += stride;
  }
  for (let i = 0; i < phase2; i++) {
    sum += input[ri] as number;
    size++;
    output[oi] = sum / size;
    ri += stride;
    oi += stride;
  }
  for (let i = 0; i < phase3; i++) {
    sum += input[ri] as number;
    sum -= input[li] as number;
    output[oi] = sum / size;
    li += stride;
    ri += stride;
    oi += stride;
  }
  for (let i = 0; i < phase4; i++) {
    sum -= input[li] as number;
    size--;
    output[oi] = sum / size;
    li += stride;
    oi += stride;
  }
}

/**
 * box1D down every column at once, fed one row at a time: each column's running sum takes the same
 * additions and subtractions in the same order as box1D's strided walk (so the same bits), and
 * only the last `window` rows are kept (for the subtractions), not the picture. `emit` receives
 * each output row in order, `rows` in all, in a buffer it must copy from before returning.
 */
class ColumnBox {
  private readonly sums: Float64Array;
  private readonly kept: Float64Array;
  private readonly out: Float64Array;
  private readonly firstOutput: number;
  private readonly trailing: number;
  private pushed = 0;
  private size = 0;

  constructor(
    private readonly cols: number,
    private readonly window: number,
    rows: number,
    private readonly emit: (row: Float64Array) => void,
  ) {
    const { phase1, phase4 } = boxPhases(rows, window);
    this.firstOutput = phase1;
    this.trailing = phase4;
    this.sums = new Float64Array(cols);
    this.kept = new Float64Array(cols * window);
    this.out = new Float64Array(cols);
  }

  push(row: Float64Array) {
    const { sums, kept, cols } = this;
    const k = this.pushed++;
    // Row k - window, which this row replaces in the window, sits where row k is kept.
    const slot = (k % this.window) * cols;
    if (k < this.window) {
      this.size++;
      for (let c = 0; c < cols; c++) sums[c] = (sums[c] as number) + (row[c] as number);
    } else {
      for (let c = 0, l = slot; c < cols; c++, l++)
        sums[c] = (sums[c] as number) + (row[c] as number) - (kept[l] as number);
    }
    kept.set(row.subarray(0, cols), slot);
    if (k >= this.firstOutput) this.output();
  }

  /** The window emptying past the last row. */
  finish() {
    const { sums, kept, cols } = this;
    for (let i = 0, left = this.pushed - this.window; i < this.trailing; i++, left++) {
      this.size--;
      for (let c = 0, l = (left % this.window) * cols; c < cols; c++, l++)
        sums[c] = (sums[c] as number) - (kept[l] as number);
      this.output();
    }
  }

  private output() {
    for (let c = 0; c < this.cols; c++) this.out[c] = (this.sums[c] as number) / this.size;
    this.emit(this.out);
  }
}

/** The picture's sample grid: the rows (or columns) decimation reads, as the reference picks them. */
const sampled = (length: number) =>
  Int32Array.from({ length: DOWNSAMPLED }, (_, o) => Math.floor(((o + 0.5) * length) / DOWNSAMPLED));

/**
 * The picture's luminance after the reference's two tent-filter passes (box along rows, then along
 * columns, twice), decimated to 64x64. The passes run row by row as a pipeline, each holding only
 * the rows its window spans, so no whole-picture buffer is made (they were three times the
 * picture's pixels in float64, much of what the crawl's garbage collector had to handle); the
 * second column pass runs only down the 64 sampled columns and keeps only the 64 sampled rows,
 * all decimation reads. Every value takes the reference's operations in its order.
 */
export function pdqDownsampled(pixels: PdqPixels): Float64Array {
  checkSamples(pixels);
  const { width: cols, height: rows } = pixels;
  const windowAlongRows = jaroszWindowSize(cols, DOWNSAMPLED);
  const windowAlongCols = jaroszWindowSize(rows, DOWNSAMPLED);
  const sampledRows = sampled(rows);
  const sampledCols = sampled(cols);
  const small = new Float64Array(DOWNSAMPLED * DOWNSAMPLED);
  let decimatedRow = 0;
  // Several sampled rows can be one picture row (a picture under 64 rows): each gets its copy.
  const secondColumns = new ColumnBox(DOWNSAMPLED, windowAlongCols, rows, (values) => {
    for (let oi = 0; oi < DOWNSAMPLED; oi++) if (sampledRows[oi] === decimatedRow) small.set(values, oi * DOWNSAMPLED);
    decimatedRow++;
  });
  const secondRow = new Float64Array(cols);
  const atSampledCols = new Float64Array(DOWNSAMPLED);
  const firstColumns = new ColumnBox(cols, windowAlongCols, rows, (values) => {
    box1D(values, secondRow, 0, cols, 1, windowAlongRows);
    for (let oj = 0; oj < DOWNSAMPLED; oj++) atSampledCols[oj] = secondRow[sampledCols[oj] as number] as number;
    secondColumns.push(atSampledCols);
  });
  const luma = new Float64Array(cols);
  const firstRow = new Float64Array(cols);
  for (let y = 0; y < rows; y++) {
    lumaRow(pixels, y, luma);
    box1D(luma, firstRow, 0, cols, 1, windowAlongRows);
    firstColumns.push(firstRow);
  }
  firstColumns.finish();
  secondColumns.finish();
  return small;
}

/** The reference's heuristic: the sum of quantised neighbour differences, scaled to 0..100. */
function qualityOf(small: Float64Array): number {
  let gradientSum = 0;
  for (let i = 0; i < DOWNSAMPLED - 1; i++) {
    for (let j = 0; j < DOWNSAMPLED; j++) {
      const u = small[i * DOWNSAMPLED + j] as number;
      const v = small[(i + 1) * DOWNSAMPLED + j] as number;
      gradientSum += Math.abs(Math.trunc(((u - v) * 100) / 255));
    }
  }
  for (let i = 0; i < DOWNSAMPLED; i++) {
    for (let j = 0; j < DOWNSAMPLED - 1; j++) {
      const u = small[i * DOWNSAMPLED + j] as number;
      const v = small[i * DOWNSAMPLED + j + 1] as number;
      gradientSum += Math.abs(Math.trunc(((u - v) * 100) / 255));
    }
  }
  return Math.min(100, Math.trunc(gradientSum / 90));
}

/** B = D A Dᵀ over the 64x64 block: only the 16x16 coefficients PDQ keeps. */
function dct64To16(a: Float64Array): Float64Array {
  const t = new Float64Array(DCT_SIDE * DOWNSAMPLED);
  for (let i = 0; i < DCT_SIDE; i++) {
    for (let j = 0; j < DOWNSAMPLED; j++) {
      let sum = 0;
      for (let k = 0; k < DOWNSAMPLED; k++) {
        sum += (DCT_MATRIX[i * DOWNSAMPLED + k] as number) * (a[k * DOWNSAMPLED + j] as number);
      }
      t[i * DOWNSAMPLED + j] = sum;
    }
  }
  const b = new Float64Array(HASH_BITS);
  for (let i = 0; i < DCT_SIDE; i++) {
    for (let j = 0; j < DCT_SIDE; j++) {
      let sum = 0;
      for (let k = 0; k < DOWNSAMPLED; k++) {
        sum += (t[i * DOWNSAMPLED + k] as number) * (DCT_MATRIX[j * DOWNSAMPLED + k] as number);
      }
      b[i * DCT_SIDE + j] = sum;
    }
  }
  return b;
}

/** Torben's median, as the reference: for 256 values the lower middle one. */
function torbenMedian(values: Float64Array): number {
  const n = values.length;
  let min = values[0] as number;
  let max = min;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const half = Math.floor((n + 1) / 2);
  for (;;) {
    const guess = (min + max) / 2;
    let less = 0;
    let greater = 0;
    let equal = 0;
    let maxBelow = min;
    let minAbove = max;
    for (const value of values) {
      if (value < guess) {
        less++;
        if (value > maxBelow) maxBelow = value;
      } else if (value > guess) {
        greater++;
        if (value < minAbove) minAbove = value;
      } else {
        equal++;
      }
    }
    if (less <= half && greater <= half) {
      if (less >= half) return maxBelow;
      if (less + equal >= half) return guess;
      return minAbove;
    }
    if (less > greater) max = maxBelow;
    else min = minAbove;
  }
}

function bitsToHex(block: Float64Array): string {
  const median = torbenMedian(block);
  const bytes = new Uint8Array(HASH_BITS / 8);
  for (let k = 0; k < HASH_BITS; k++) {
    // Bit k lives in byte 31 - floor(k / 8) of the big-endian number.
    if ((block[k] as number) > median) bytes[31 - (k >> 3)] = (bytes[31 - (k >> 3)] as number) | (1 << (k & 7));
  }
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/**
 * The DCT block of each dihedral variant, from the original's (the reference's dct16OriginalTo*):
 * mirroring a picture negates the odd-index coefficients along that axis, a transpose swaps axes.
 */
function variantBlock(a: Float64Array, variant: PdqDihedralVariant): Float64Array {
  const b = new Float64Array(HASH_BITS);
  for (let i = 0; i < DCT_SIDE; i++) {
    for (let j = 0; j < DCT_SIDE; j++) {
      const value = a[i * DCT_SIDE + j] as number;
      switch (variant) {
        case "original":
          b[i * DCT_SIDE + j] = value;
          break;
        case "rotate90":
          b[j * DCT_SIDE + i] = j & 1 ? value : -value;
          break;
        case "rotate180":
          b[i * DCT_SIDE + j] = (i + j) & 1 ? -value : value;
          break;
        case "rotate270":
          b[j * DCT_SIDE + i] = i & 1 ? value : -value;
          break;
        case "flipX":
          b[i * DCT_SIDE + j] = i & 1 ? value : -value;
          break;
        case "flipY":
          b[i * DCT_SIDE + j] = j & 1 ? value : -value;
          break;
        case "flipPlus1":
          b[j * DCT_SIDE + i] = value;
          break;
        case "flipMinus1":
          b[j * DCT_SIDE + i] = (i + j) & 1 ? -value : value;
          break;
      }
    }
  }
  return b;
}

interface DctResult {
  block: Float64Array;
  quality: number;
}

function dctOf(pixels: PdqPixels): DctResult | undefined {
  const { width, height } = pixels;
  if (width < MIN_HASHABLE_DIM || height < MIN_HASHABLE_DIM) return undefined;
  // As the reference: a 64x64 input (a frame ffmpeg already scaled) is used as is.
  const small = width === DOWNSAMPLED && height === DOWNSAMPLED ? lumaOf(pixels) : pdqDownsampled(pixels);
  return { block: dct64To16(small), quality: qualityOf(small) };
}

const ZERO_HASH = "0".repeat(64);

/** The PDQ hash of a picture and its quality. */
export function pdqHash(pixels: PdqPixels): PdqHash {
  const dct = dctOf(pixels);
  if (!dct) return { hex: ZERO_HASH, quality: 0 };
  return { hex: bitsToHex(dct.block), quality: dct.quality };
}

/** The hashes of the picture's eight rotations and flips, from one DCT. */
export function pdqDihedralHashes(pixels: PdqPixels): PdqDihedralHashes {
  const dct = dctOf(pixels);
  const hashes = {} as Record<PdqDihedralVariant, string>;
  for (const variant of PDQ_DIHEDRAL_VARIANTS) {
    hashes[variant] = dct ? bitsToHex(variantBlock(dct.block, variant)) : ZERO_HASH;
  }
  return { quality: dct?.quality ?? 0, hashes };
}

const HEX_HASH = /^[0-9a-f]{64}$/;

export const isPdqHex = (value: string): boolean => HEX_HASH.test(value);

const POPCOUNT = (() => {
  const table = new Uint8Array(256);
  for (let i = 1; i < 256; i++) table[i] = (table[i >> 1] as number) + (i & 1);
  return table;
})();

/** Number of differing bits between two PDQ hashes given as hex. */
export function pdqDistance(a: string, b: string): number {
  if (!isPdqHex(a) || !isPdqHex(b)) throw new RangeError("PDQ: hashes must be 64 lowercase hex characters");
  let distance = 0;
  for (let i = 0; i < 64; i += 2) {
    distance += POPCOUNT[Number.parseInt(a.slice(i, i + 2), 16) ^ Number.parseInt(b.slice(i, i + 2), 16)] as number;
  }
  return distance;
}
