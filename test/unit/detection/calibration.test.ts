import { describe, expect, it } from "vitest";
import {
  bestMatch,
  confidenceFromDistance,
  euclideanDistance,
  fitCalibration,
} from "../../../packages/detection/src/identity.js";

describe("distance calibration", () => {
  const genuine = [0.3, 0.35, 0.38, 0.42, 0.45, 0.5, 0.55];
  const impostor = [0.48, 0.58, 0.62, 0.66, 0.7, 0.75, 0.8, 0.85, 0.9];
  const calibration = fitCalibration({ genuine, impostor }, "euclidean", "test pairs");

  it("fits a curve that falls with distance and crosses 50% between the classes", () => {
    expect(calibration.a).toBeGreaterThan(0);
    expect(calibration.threshold).toBeGreaterThan(0.45);
    expect(calibration.threshold).toBeLessThan(0.62);
    expect(confidenceFromDistance(calibration, 0.3)).toBeGreaterThan(90);
    expect(confidenceFromDistance(calibration, 0.9)).toBeLessThan(10);
    expect(calibration.genuinePairs).toBe(7);
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
