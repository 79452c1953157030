import {
  rocAuc,
  shareAbove,
  shareAtOrAbove,
  thresholdForFalseAlarm,
  thresholdForFpr,
  tprAtFpr,
} from "@lg/fitting/detection-rates";
import { describe, expect, it } from "vitest";

describe("Detection rates", () => {
  it("counts ties as half a win in the ROC AUC and has none without both classes", () => {
    expect(rocAuc([0.1, 0.5], [0.5, 0.9])).toBe(0.875);
    expect(rocAuc([], [0.5])).toBeNaN();
  });

  it("places the threshold between the last genuine score it may flag and the first it may not", () => {
    const genuine = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0];
    const threshold = thresholdForFpr(genuine, 0.1);
    expect(threshold).toBeCloseTo(0.85, 12);
    expect(shareAtOrAbove(genuine, threshold)).toBe(0.1);
  });

  it("flags no genuine score when none may be flagged, even the highest", () => {
    const genuine = [0.3, 0.2, 0.1];
    const threshold = thresholdForFpr(genuine, 0.01);
    expect(threshold).toBeGreaterThan(0.3);
    expect(shareAtOrAbove(genuine, threshold)).toBe(0);
  });

  it("steps just above a tied genuine score rather than between equal scores", () => {
    const threshold = thresholdForFpr([0.5, 0.5, 0.1], 0.34);
    expect(threshold).toBeGreaterThan(0.5);
    expect(tprAtFpr([0.5, 0.5, 0.1], [0.6, 0.5, 0.2], 0.34)).toEqual({ threshold, tpr: 1 / 3, fpr: 0 });
  });

  it("picks the AASIST countermeasure's lowest threshold leaving at most the target share of bona fide scores above it", () => {
    const bonafide = Array.from({ length: 200 }, (_, i) => i / 200);
    const threshold = thresholdForFalseAlarm(bonafide, 0.01);
    expect(shareAbove(bonafide, threshold)).toBe(0.01);
    expect(shareAbove(bonafide, threshold - 1e-9)).toBeGreaterThan(0.01);
    expect(thresholdForFalseAlarm([0.2, 0.7, 0.4], 0.01)).toBe(0.7);
  });
});
