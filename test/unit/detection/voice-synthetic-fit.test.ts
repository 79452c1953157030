import { fitPlatt } from "@lg/fitting/calibration";
import { equalErrorRate, fitLogistic, linearScore } from "@lg/fitting/standardised-logistic";
import {
  BLEND,
  type ClipSample,
  clipWeightIn,
  fitBlend,
  rowsOf,
  thresholdAtFpr,
} from "@lg/fitting/voice-countermeasure/fit";
import { WINDOW_DIMS } from "@lg/fitting/voice-countermeasure-features";
import { describe, expect, it } from "vitest";
import {
  type CountermeasureHead,
  headInputs,
  headLogit,
  STD_LOG_FLOOR,
} from "../../../packages/detection/src/voice-synthetic/countermeasure.js";

/** Deterministic pseudo-random numbers, so the fits are the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("countermeasure fitting arithmetic", () => {
  it("fits a logistic head that separates two classes differing in one feature, whatever its scale", () => {
    const next = random(1);
    const n = 200;
    const x = new Float32Array(n * 3);
    const y = new Uint8Array(n);
    for (let r = 0; r < n; r++) {
      y[r] = r % 2;
      x[r * 3] = next();
      x[r * 3 + 1] = 1000 + 50 * (y[r] as number) + 10 * next();
      x[r * 3 + 2] = next();
    }
    const head = fitLogistic({ x, dims: 3, y, weight: new Float32Array(n).fill(1) }, 0.001);
    const scores = Array.from({ length: n }, (_, r) => linearScore(head, x, r * 3));
    expect(
      equalErrorRate(
        scores.filter((_, r) => y[r] === 0),
        scores.filter((_, r) => y[r] === 1),
      ).eer,
    ).toBe(0);
  });

  it("recovers the slope and offset of scores drawn from a logistic model (Platt)", () => {
    const next = random(7);
    const scores: number[] = [];
    const labels: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const s = 8 * next() - 4;
      scores.push(s);
      labels.push(next() < 1 / (1 + Math.exp(-(2 * s - 1))) ? 1 : 0);
    }
    const { a, b } = fitPlatt(scores, labels);
    expect(a).toBeGreaterThan(1.7);
    expect(a).toBeLessThan(2.3);
    expect(b).toBeLessThan(0);
  });

  it("stays finite on perfectly separated scores", () => {
    const { a, b } = fitPlatt([-3, -2, -1, 1, 2, 3], [0, 0, 0, 1, 1, 1]);
    expect(Number.isFinite(a) && Number.isFinite(b)).toBe(true);
  });

  it("finds the equal error rate and a threshold leaving at most the target share of genuine scores at or above it", () => {
    expect(equalErrorRate([0.1, 0.2, 0.3, 0.9], [0.25, 0.8, 0.95, 0.99]).eer).toBe(0.25);
    const genuine = Array.from({ length: 100 }, (_, i) => i / 100);
    const threshold = thresholdAtFpr(genuine, 0.05);
    expect(genuine.filter((g) => g >= threshold)).toHaveLength(5);
  });

  it("reads the chosen hidden states' standard deviations on the log scale, in the product and in the fit alike", () => {
    const features = new Float32Array(WINDOW_DIMS);
    // Hidden state 2: mean block then σ block of 512 each.
    const from = 2 * 1024;
    features[from + 3] = 0.7;
    features[from + 512 + 3] = 0.25;
    const frame = { hiddenStates: [2], logStandardDeviations: true };
    const inputs = headInputs(frame, features);
    expect(inputs).toHaveLength(1024);
    expect(inputs[3]).toBeCloseTo(0.7, 6);
    expect(inputs[512 + 3]).toBeCloseTo(Math.log(0.25 + STD_LOG_FLOOR), 6);
    expect(headInputs({ ...frame, logStandardDeviations: false }, features)[512 + 3]).toBeCloseTo(0.25, 6);

    const weights = new Array<number>(1024).fill(0);
    weights[512 + 3] = 2;
    const head = { ...frame, weights, bias: 0.5 } as unknown as CountermeasureHead;
    expect(headLogit(head, features)).toBeCloseTo(0.5 + 2 * Math.log(0.25 + STD_LOG_FLOOR), 5);

    const sample = { clip: { synthetic: true }, augmentation: "none", windows: features } as unknown as ClipSample;
    const rows = rowsOf([sample], frame);
    expect(Array.from(rows.x)).toEqual(Array.from(inputs));
  });

  it("blends the general and the Tortoise-heavy head into one linear head, codec readings of clones only in the latter", () => {
    const reading = (group: string, synthetic: boolean, augmentation: string, level: number) =>
      ({
        clip: { group, synthetic },
        augmentation,
        windows: new Float32Array(WINDOW_DIMS).fill(0.1).map((v, d) => v + (d % 7 === 0 ? level : 0)),
      }) as unknown as ClipSample;
    const clone = reading("tortoise:a", true, "mp3_32k", 1);
    const [general, tortoise] = BLEND as [(typeof BLEND)[0], (typeof BLEND)[0]];
    expect(clipWeightIn(general)(clone)).toBe(0);
    expect(clipWeightIn(tortoise)(clone)).toBe(tortoise.tortoiseWeight);
    expect(clipWeightIn(general)(reading("page", true, "none", 1))).toBe(1);

    const next = random(3);
    const samples = Array.from({ length: 12 }, (_, i) =>
      reading(i < 4 ? "tortoise:a" : "page", i % 2 === 1, i % 3 === 0 ? "opus_16k" : "none", (i % 2) + next()),
    );
    const frame = { hiddenStates: [0], logStandardDeviations: true };
    const blend = fitBlend(samples, frame);
    const parts = BLEND.map((part) => fitLogistic(rowsOf(samples, frame, clipWeightIn(part)), part.lambda));
    const expected = BLEND.reduce((sum, part, i) => sum + part.share * (parts[i]?.weights[0] as number), 0);
    expect(blend.weights[0]).toBeCloseTo(expected, 5);
    expect(blend.bias).toBeCloseTo(
      BLEND.reduce((sum, part, i) => sum + part.share * (parts[i]?.bias as number), 0),
      5,
    );
  });
});
