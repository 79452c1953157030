import { describe, expect, it } from "vitest";
import { MixedRadixFft } from "../../../packages/detection/src/voice/fft.js";

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

describe("mixed-radix FFT", () => {
  it("equals the direct DFT for the mel front end's 400 points and for other composite and prime lengths", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648 - 0.5;
    };
    for (const n of [400, 1, 2, 12, 30, 49, 11]) {
      const re = Float64Array.from({ length: n }, random);
      const im = Float64Array.from({ length: n }, random);
      const outRe = new Float64Array(n);
      const outIm = new Float64Array(n);
      new MixedRadixFft(n).transform(re, im, outRe, outIm);
      const expected = directDft(re, im);
      for (let k = 0; k < n; k++) {
        expect(Math.abs((outRe[k] as number) - (expected.re[k] as number))).toBeLessThan(1e-9);
        expect(Math.abs((outIm[k] as number) - (expected.im[k] as number))).toBeLessThan(1e-9);
      }
    }
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => new MixedRadixFft(0)).toThrow(/positive integer/);
    expect(() => new MixedRadixFft(2.5)).toThrow(/positive integer/);
  });
});
