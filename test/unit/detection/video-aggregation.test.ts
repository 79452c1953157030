import { describe, expect, it } from "vitest";
import { aggregateFrameScores, framesAveraged } from "../../../packages/detection/src/video-aggregation.js";

const frames = (scores: (number | null)[]) => scores.map((score, i) => ({ timeSeconds: i, score }));

describe("aggregateFrameScores", () => {
  it("does not let one odd frame decide a clip of genuine frames", () => {
    const result = aggregateFrameScores(frames([0.05, 0.02, 0.99, 0.04, 0.03, 0.06, 0.01, 0.05]));
    expect(result.score).toBeLessThan(0.4);
    expect(result.frames).toHaveLength(3);
  });

  it("lets a manipulation that fills part of the clip carry the verdict, citing those frames", () => {
    const scores = [0.05, 0.04, 0.9, 0.95, 0.92, 0.93, 0.03, 0.02, 0.05, 0.04, 0.06, 0.05];
    const result = aggregateFrameScores(frames(scores));
    expect(result.score).toBeGreaterThan(0.9);
    expect(result.frames.map((f) => f.timeSeconds)).toEqual([3, 4, 5]);
  });

  it("averages the top quarter of a long clip", () => {
    expect(framesAveraged(40)).toBe(10);
    expect(framesAveraged(2)).toBe(2);
    expect(framesAveraged(0)).toBe(0);
    const scores = Array.from({ length: 40 }, (_, i) => i / 40);
    const result = aggregateFrameScores(frames(scores));
    expect(result.frames).toHaveLength(10);
    expect(result.score).toBeCloseTo(scores.slice(30).reduce((a, b) => a + b, 0) / 10, 10);
  });

  it("skips frames without a reading and is null when none has one", () => {
    expect(aggregateFrameScores(frames([null, null]))).toEqual({ score: null, frames: [], framesRead: 0 });
    const result = aggregateFrameScores(frames([null, 0.8, null]));
    expect(result).toEqual({ score: 0.8, frames: [{ timeSeconds: 1, score: 0.8 }], framesRead: 1 });
  });

  it("returns the evidence frames in time order", () => {
    const result = aggregateFrameScores([
      { timeSeconds: 5, score: 0.9 },
      { timeSeconds: 1, score: 0.7 },
      { timeSeconds: 3, score: 0.8 },
      { timeSeconds: 2, score: 0.1 },
    ]);
    expect(result.frames.map((f) => f.timeSeconds)).toEqual([1, 3, 5]);
  });
});
