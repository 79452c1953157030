import { describe, expect, it } from "vitest";
import {
  bestMatch,
  type Calibration,
  confidenceFromDistance,
  euclideanDistance,
} from "../../../packages/detection/src/identity.js";

describe("distance calibration", () => {
  // A curve crossing 50% at distance 0.55.
  const calibration: Calibration = {
    metric: "euclidean",
    a: 20,
    b: -11,
    threshold: 0.55,
    genuinePairs: 7,
    impostorPairs: 9,
    source: "test pairs",
  };

  it("reads half confidence at the threshold, more nearer and less further", () => {
    expect(confidenceFromDistance(calibration, 0.55)).toBe(50);
    expect(confidenceFromDistance(calibration, 0.3)).toBeGreaterThan(90);
    expect(confidenceFromDistance(calibration, 0.9)).toBeLessThan(10);
  });

  it("matches a probe to the identity holding its nearest sample", () => {
    const enrolled = [
      { personId: "a", face: [new Float32Array([0, 0]), new Float32Array([1, 1])], voice: [] },
      { personId: "b", face: [new Float32Array([0.5, 0.2])], voice: [] },
    ];
    const match = bestMatch(new Float32Array([0.9, 1]), enrolled, (i) => i.face, euclideanDistance, calibration);
    expect(match?.personId).toBe("a");
    expect(match?.distance).toBeCloseTo(0.1);
    expect(bestMatch(new Float32Array([0, 0]), [], (i) => i.face, euclideanDistance, calibration)).toBeNull();
  });
});
