import { rocAuc, shareAtOrAbove, thresholdForFpr, tprAtFpr } from "@lg/fitting/detection-rates";
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
});
