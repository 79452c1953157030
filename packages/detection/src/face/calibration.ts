import type { Calibration } from "../identity.js";

/**
 * Euclidean distance between face-api descriptors → same-person probability, fitted by
 * `npm run bench:detection -- --fit` on every face pair of ../shared/data/faces (kind "face" in
 * labels.csv). See docs/detection.md for the data and the fit.
 */
export const faceCalibration: Calibration = {
  metric: "euclidean",
  a: 30,
  b: -15,
  threshold: 0.5,
  genuinePairs: 0,
  impostorPairs: 0,
  source: "placeholder until fitted",
};
