/**
 * FFTs for lengths whose prime factors are 2, 3 and 5, such as Resemblyzer's n_fft = 400 (2⁴·5²),
 * which no power-of-two FFT covers. The mel front end runs one per 10 ms of audio, so this is on
 * the scan's hot path: a self-sorting (Stockham) iterative transform with a hand-written butterfly
 * per radix and every twiddle factor tabulated per stage at construction, and a real-input
 * transform that costs one complex FFT of half the length. Double precision throughout, as exact
 * as the direct DFT (relative error ~1e-15).
 */

/** exp(−2πi·j·k/n) for the j-th butterfly and its outputs k = 1 … radix−1, interleaved by j. */
interface Stage {
  radix: 2 | 3 | 4 | 5;
  /** Length of the sub-transforms this stage splits; stride is size / length. */
  length: number;
  twiddleRe: Float64Array;
  twiddleIm: Float64Array;
}

export class ComplexFft {
  private readonly stages: Stage[];
  private readonly workRe: Float64Array;
  private readonly workIm: Float64Array;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`FFT size must be a positive integer, got ${size}`);
    this.stages = [];
    let length = size;
    for (const radix of radices(size)) {
      const m = length / radix;
      const twiddleRe = new Float64Array(m * (radix - 1));
      const twiddleIm = new Float64Array(m * (radix - 1));
      for (let j = 0; j < m; j++)
        for (let k = 1; k < radix; k++) {
          const angle = (-2 * Math.PI * j * k) / length;
          twiddleRe[j * (radix - 1) + k - 1] = Math.cos(angle);
          twiddleIm[j * (radix - 1) + k - 1] = Math.sin(angle);
        }
      this.stages.push({ radix, length, twiddleRe, twiddleIm });
      length = m;
    }
    this.workRe = new Float64Array(size);
    this.workIm = new Float64Array(size);
  }

  /** X[k] = Σ x[n]·e^(−2πi·kn/N), written to outRe/outIm (which must not alias the input). */
  transform(inRe: Float64Array, inIm: Float64Array, outRe: Float64Array, outIm: Float64Array): void {
    const { stages, workRe, workIm, size } = this;
    if (stages.length === 0) {
      outRe[0] = inRe[0] as number;
      outIm[0] = inIm[0] as number;
      return;
    }
    // Stages ping-pong between the output and one work buffer, arranged so the last lands in the output.
    let srcRe = inRe;
    let srcIm = inIm;
    for (let i = 0; i < stages.length; i++) {
      const toOutput = (stages.length - 1 - i) % 2 === 0;
      const dstRe = toOutput ? outRe : workRe;
      const dstIm = toOutput ? outIm : workIm;
      const stage = stages[i] as Stage;
      const stride = size / stage.length;
      const butterflies = BUTTERFLIES[stage.radix];
      butterflies(stage.length, stride, srcRe, srcIm, dstRe, dstIm, stage.twiddleRe, stage.twiddleIm);
      srcRe = dstRe;
      srcIm = dstIm;
    }
  }
}

/**
 * Spectrum of a real signal of even length N, bins 0 … N/2 (the rest are their conjugates): the
 * even samples go in as the real part and the odd as the imaginary part of one complex FFT of
 * length N/2, whose output separates into the two halves' spectra and recombines.
 */
export class RealFft {
  readonly bins: number;
  private readonly half: ComplexFft;
  private readonly packedRe: Float64Array;
  private readonly packedIm: Float64Array;
  private readonly spectrumRe: Float64Array;
  private readonly spectrumIm: Float64Array;
  private readonly rotationRe: Float64Array;
  private readonly rotationIm: Float64Array;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 2 || size % 2 !== 0)
      throw new Error(`real FFT size must be an even positive integer, got ${size}`);
    const m = size / 2;
    this.bins = m + 1;
    this.half = new ComplexFft(m);
    this.packedRe = new Float64Array(m);
    this.packedIm = new Float64Array(m);
    this.spectrumRe = new Float64Array(m);
    this.spectrumIm = new Float64Array(m);
    this.rotationRe = new Float64Array(m);
    this.rotationIm = new Float64Array(m);
    for (let k = 0; k < m; k++) {
      this.rotationRe[k] = Math.cos((-2 * Math.PI * k) / size);
      this.rotationIm[k] = Math.sin((-2 * Math.PI * k) / size);
    }
  }

  /** X[k] = Σ x[n]·e^(−2πi·kn/N) for k = 0 … N/2, written to outRe/outIm (length ≥ bins). */
  transform(input: Float64Array, outRe: Float64Array, outIm: Float64Array): void {
    const { packedRe, packedIm, spectrumRe: zRe, spectrumIm: zIm, rotationRe, rotationIm } = this;
    const m = this.size / 2;
    for (let n = 0; n < m; n++) {
      packedRe[n] = input[2 * n] as number;
      packedIm[n] = input[2 * n + 1] as number;
    }
    this.half.transform(packedRe, packedIm, zRe, zIm);
    outRe[0] = (zRe[0] as number) + (zIm[0] as number);
    outIm[0] = 0;
    outRe[m] = (zRe[0] as number) - (zIm[0] as number);
    outIm[m] = 0;
    for (let k = 1; k < m; k++) {
      const ar = zRe[k] as number;
      const ai = zIm[k] as number;
      const br = zRe[m - k] as number;
      const bi = zIm[m - k] as number;
      // Even samples' spectrum E = (Z[k] + conj Z[m−k]) / 2, odd O = (Z[k] − conj Z[m−k]) / 2i.
      const evenRe = 0.5 * (ar + br);
      const evenIm = 0.5 * (ai - bi);
      const oddRe = 0.5 * (ai + bi);
      const oddIm = -0.5 * (ar - br);
      const wr = rotationRe[k] as number;
      const wi = rotationIm[k] as number;
      outRe[k] = evenRe + wr * oddRe - wi * oddIm;
      outIm[k] = evenIm + wr * oddIm + wi * oddRe;
    }
  }
}

/** Radix 4 first: it needs no multiplications inside the butterfly and halves the stage count. */
function radices(n: number): Stage["radix"][] {
  const out: Stage["radix"][] = [];
  let rest = n;
  for (const p of [4, 2, 3, 5] as const) {
    while (rest % p === 0) {
      out.push(p);
      rest /= p;
    }
  }
  if (rest !== 1) throw new Error(`FFT size must have no prime factor above 5, got ${n}`);
  return out;
}

/**
 * One decimation-in-frequency stage over sub-transforms of `length` points interleaved with
 * `stride`: butterfly j of each reads x[q + stride·(j + r·m)] for r < radix (m = length / radix)
 * and writes its k-th output, times exp(−2πi·jk/length), to y[q + stride·(radix·j + k)].
 */
type Butterflies = (
  length: number,
  stride: number,
  xr: Float64Array,
  xi: Float64Array,
  yr: Float64Array,
  yi: Float64Array,
  twr: Float64Array,
  twi: Float64Array,
) => void;

/** y[at] = (re + i·im)·(wr + i·wi): a butterfly output times its twiddle factor. */
function storeRotated(
  yr: Float64Array,
  yi: Float64Array,
  at: number,
  re: number,
  im: number,
  wr: number,
  wi: number,
): void {
  yr[at] = re * wr - im * wi;
  yi[at] = re * wi + im * wr;
}

const radix2: Butterflies = (length, s, xr, xi, yr, yi, twr, twi) => {
  const m = length / 2;
  const sm = s * m;
  for (let j = 0; j < m; j++) {
    const w1r = twr[j] as number;
    const w1i = twi[j] as number;
    for (let q = 0; q < s; q++) {
      const i0 = q + s * j;
      const o0 = q + 2 * s * j;
      const a0r = xr[i0] as number;
      const a0i = xi[i0] as number;
      const a1r = xr[i0 + sm] as number;
      const a1i = xi[i0 + sm] as number;
      yr[o0] = a0r + a1r;
      yi[o0] = a0i + a1i;
      const dr = a0r - a1r;
      const di = a0i - a1i;
      storeRotated(yr, yi, o0 + s, dr, di, w1r, w1i);
    }
  }
};

const SIN_60 = Math.sqrt(3) / 2;

const radix3: Butterflies = (length, s, xr, xi, yr, yi, twr, twi) => {
  const m = length / 3;
  const sm = s * m;
  for (let j = 0; j < m; j++) {
    const w1r = twr[2 * j] as number;
    const w1i = twi[2 * j] as number;
    const w2r = twr[2 * j + 1] as number;
    const w2i = twi[2 * j + 1] as number;
    for (let q = 0; q < s; q++) {
      const i0 = q + s * j;
      const o0 = q + 3 * s * j;
      const a0r = xr[i0] as number;
      const a0i = xi[i0] as number;
      const a1r = xr[i0 + sm] as number;
      const a1i = xi[i0 + sm] as number;
      const a2r = xr[i0 + 2 * sm] as number;
      const a2i = xi[i0 + 2 * sm] as number;
      const sr = a1r + a2r;
      const si = a1i + a2i;
      // −i·sin(60°)·(a1 − a2)
      const fr = SIN_60 * (a1i - a2i);
      const fi = -SIN_60 * (a1r - a2r);
      const er = a0r - 0.5 * sr;
      const ei = a0i - 0.5 * si;
      yr[o0] = a0r + sr;
      yi[o0] = a0i + si;
      const y1r = er + fr;
      const y1i = ei + fi;
      const y2r = er - fr;
      const y2i = ei - fi;
      storeRotated(yr, yi, o0 + s, y1r, y1i, w1r, w1i);
      storeRotated(yr, yi, o0 + 2 * s, y2r, y2i, w2r, w2i);
    }
  }
};

const radix4: Butterflies = (length, s, xr, xi, yr, yi, twr, twi) => {
  const m = length / 4;
  const sm = s * m;
  for (let j = 0; j < m; j++) {
    const w1r = twr[3 * j] as number;
    const w1i = twi[3 * j] as number;
    const w2r = twr[3 * j + 1] as number;
    const w2i = twi[3 * j + 1] as number;
    const w3r = twr[3 * j + 2] as number;
    const w3i = twi[3 * j + 2] as number;
    for (let q = 0; q < s; q++) {
      const i0 = q + s * j;
      const o0 = q + 4 * s * j;
      const a0r = xr[i0] as number;
      const a0i = xi[i0] as number;
      const a1r = xr[i0 + sm] as number;
      const a1i = xi[i0 + sm] as number;
      const a2r = xr[i0 + 2 * sm] as number;
      const a2i = xi[i0 + 2 * sm] as number;
      const a3r = xr[i0 + 3 * sm] as number;
      const a3i = xi[i0 + 3 * sm] as number;
      const t0r = a0r + a2r;
      const t0i = a0i + a2i;
      const t1r = a0r - a2r;
      const t1i = a0i - a2i;
      const t2r = a1r + a3r;
      const t2i = a1i + a3i;
      // −i·(a1 − a3)
      const t3r = a1i - a3i;
      const t3i = a3r - a1r;
      yr[o0] = t0r + t2r;
      yi[o0] = t0i + t2i;
      const y1r = t1r + t3r;
      const y1i = t1i + t3i;
      const y2r = t0r - t2r;
      const y2i = t0i - t2i;
      const y3r = t1r - t3r;
      const y3i = t1i - t3i;
      storeRotated(yr, yi, o0 + s, y1r, y1i, w1r, w1i);
      storeRotated(yr, yi, o0 + 2 * s, y2r, y2i, w2r, w2i);
      storeRotated(yr, yi, o0 + 3 * s, y3r, y3i, w3r, w3i);
    }
  }
};

const COS_72 = Math.cos((2 * Math.PI) / 5);
const COS_144 = Math.cos((4 * Math.PI) / 5);
const SIN_72 = Math.sin((2 * Math.PI) / 5);
const SIN_144 = Math.sin((4 * Math.PI) / 5);

const radix5: Butterflies = (length, s, xr, xi, yr, yi, twr, twi) => {
  const m = length / 5;
  const sm = s * m;
  for (let j = 0; j < m; j++) {
    const w1r = twr[4 * j] as number;
    const w1i = twi[4 * j] as number;
    const w2r = twr[4 * j + 1] as number;
    const w2i = twi[4 * j + 1] as number;
    const w3r = twr[4 * j + 2] as number;
    const w3i = twi[4 * j + 2] as number;
    const w4r = twr[4 * j + 3] as number;
    const w4i = twi[4 * j + 3] as number;
    for (let q = 0; q < s; q++) {
      const i0 = q + s * j;
      const o0 = q + 5 * s * j;
      const a0r = xr[i0] as number;
      const a0i = xi[i0] as number;
      const a1r = xr[i0 + sm] as number;
      const a1i = xi[i0 + sm] as number;
      const a2r = xr[i0 + 2 * sm] as number;
      const a2i = xi[i0 + 2 * sm] as number;
      const a3r = xr[i0 + 3 * sm] as number;
      const a3i = xi[i0 + 3 * sm] as number;
      const a4r = xr[i0 + 4 * sm] as number;
      const a4i = xi[i0 + 4 * sm] as number;
      const b1r = a1r + a4r;
      const b1i = a1i + a4i;
      const b2r = a2r + a3r;
      const b2i = a2i + a3i;
      const d1r = a1r - a4r;
      const d1i = a1i - a4i;
      const d2r = a2r - a3r;
      const d2i = a2i - a3i;
      const e1r = a0r + COS_72 * b1r + COS_144 * b2r;
      const e1i = a0i + COS_72 * b1i + COS_144 * b2i;
      const e2r = a0r + COS_144 * b1r + COS_72 * b2r;
      const e2i = a0i + COS_144 * b1i + COS_72 * b2i;
      // f1 = −i·(sin 72°·d1 + sin 144°·d2), f2 = −i·(sin 144°·d1 − sin 72°·d2)
      const f1r = SIN_72 * d1i + SIN_144 * d2i;
      const f1i = -(SIN_72 * d1r + SIN_144 * d2r);
      const f2r = SIN_144 * d1i - SIN_72 * d2i;
      const f2i = -(SIN_144 * d1r - SIN_72 * d2r);
      yr[o0] = a0r + b1r + b2r;
      yi[o0] = a0i + b1i + b2i;
      const y1r = e1r + f1r;
      const y1i = e1i + f1i;
      const y2r = e2r + f2r;
      const y2i = e2i + f2i;
      const y3r = e2r - f2r;
      const y3i = e2i - f2i;
      const y4r = e1r - f1r;
      const y4i = e1i - f1i;
      storeRotated(yr, yi, o0 + s, y1r, y1i, w1r, w1i);
      storeRotated(yr, yi, o0 + 2 * s, y2r, y2i, w2r, w2i);
      storeRotated(yr, yi, o0 + 3 * s, y3r, y3i, w3r, w3i);
      storeRotated(yr, yi, o0 + 4 * s, y4r, y4i, w4r, w4i);
    }
  }
};

const BUTTERFLIES: Record<Stage["radix"], Butterflies> = { 2: radix2, 3: radix3, 4: radix4, 5: radix5 };
