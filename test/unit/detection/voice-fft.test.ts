import { describe, expect, it } from "vitest";
import { ComplexFft, RealFft } from "../../../packages/detection/src/voice/fft.js";

function directDft(re: Float64Array, im: Float64Array): { re: Float64Array; im: Float64Array } {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++)
    for (let t = 0; t < n; t++) {
      const angle = (-2 * Math.PI * ((k * t) % n)) / n;
      outRe[k] = (outRe[k] as number) + (re[t] as number) * Math.cos(angle) - (im[t] as number) * Math.sin(angle);
      outIm[k] = (outIm[k] as number) + (re[t] as number) * Math.sin(angle) + (im[t] as number) * Math.cos(angle);
    }
  return { re: outRe, im: outIm };
}

function seededNoise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
}

/** Largest deviation over the first `bins` bins, relative to the largest magnitude of the exact spectrum. */
function relativeError(
  actual: { re: Float64Array; im: Float64Array },
  exact: { re: Float64Array; im: Float64Array },
  bins: number,
): number {
  let scale = 0;
  let error = 0;
  for (let k = 0; k < bins; k++) {
    scale = Math.max(scale, Math.hypot(exact.re[k] as number, exact.im[k] as number));
    error = Math.max(
      error,
      Math.hypot(
        (actual.re[k] as number) - (exact.re[k] as number),
        (actual.im[k] as number) - (exact.im[k] as number),
      ),
    );
  }
  return error / scale;
}

describe("complex FFT", () => {
  it("equals the direct DFT for every radix and their mixtures, including the mel front end's 200 and 400 points", () => {
    const random = seededNoise(7);
    for (const n of [1, 2, 3, 4, 5, 8, 12, 30, 75, 200, 360, 400]) {
      const re = Float64Array.from({ length: n }, random);
      const im = Float64Array.from({ length: n }, random);
      const out = { re: new Float64Array(n), im: new Float64Array(n) };
      new ComplexFft(n).transform(re, im, out.re, out.im);
      expect(relativeError(out, directDft(re, im), n), `size ${n}`).toBeLessThan(1e-12);
    }
  });

  it("leaves its input untouched and gives the same answer when reused", () => {
    const random = seededNoise(11);
    const fft = new ComplexFft(400);
    const re = Float64Array.from({ length: 400 }, random);
    const im = Float64Array.from({ length: 400 }, random);
    const [reBefore, imBefore] = [re.slice(), im.slice()];
    const first = { re: new Float64Array(400), im: new Float64Array(400) };
    const second = { re: new Float64Array(400), im: new Float64Array(400) };
    fft.transform(re, im, first.re, first.im);
    fft.transform(re, im, second.re, second.im);
    expect(re).toEqual(reBefore);
    expect(im).toEqual(imBefore);
    expect(second).toEqual(first);
  });

  it("refuses a size that is not a positive integer or has a prime factor above 5", () => {
    expect(() => new ComplexFft(0)).toThrow(/positive integer/);
    expect(() => new ComplexFft(2.5)).toThrow(/positive integer/);
    expect(() => new ComplexFft(49)).toThrow(/prime factor above 5/);
  });
});

describe("real-input FFT", () => {
  it("equals the direct DFT on bins 0 … N/2 for a windowed frame of n_fft = 400 and other even lengths", () => {
    const random = seededNoise(3);
    for (const n of [2, 4, 6, 10, 24, 400]) {
      const fft = new RealFft(n);
      const signal = Float64Array.from(
        { length: n },
        (_, t) => random() * (0.5 - 0.5 * Math.cos((2 * Math.PI * t) / n)),
      );
      const out = { re: new Float64Array(fft.bins), im: new Float64Array(fft.bins) };
      fft.transform(signal, out.re, out.im);
      expect(fft.bins).toBe(n / 2 + 1);
      expect(relativeError(out, directDft(signal, new Float64Array(n)), n / 2 + 1), `size ${n}`).toBeLessThan(1e-12);
    }
  });

  it("finds a pure tone in its own bin, with the amplitude N/2", () => {
    const fft = new RealFft(400);
    const tone = Float64Array.from({ length: 400 }, (_, t) => Math.cos((2 * Math.PI * 37 * t) / 400));
    const re = new Float64Array(fft.bins);
    const im = new Float64Array(fft.bins);
    fft.transform(tone, re, im);
    for (let k = 0; k < fft.bins; k++)
      expect(Math.hypot(re[k] as number, im[k] as number)).toBeCloseTo(k === 37 ? 200 : 0, 9);
  });

  it("refuses an odd length", () => {
    expect(() => new RealFft(401)).toThrow(/even positive integer/);
    expect(() => new RealFft(0)).toThrow(/even positive integer/);
  });
});
