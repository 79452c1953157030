import { confidenceFromDistance } from "@lg/detection/identity";
import { fitCalibration } from "@lg/fitting/distance-calibration";
import { describe, expect, it } from "vitest";

describe("distance calibration fit", () => {
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
});
