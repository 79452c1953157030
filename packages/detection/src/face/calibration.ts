import type { Calibration } from "../identity.js";

/**
 * Euclidean distance between face-api descriptors → same-person probability, fitted by
 * `npm run bench:detection -- --only face` on every pair of the 61 `kind=face` images of
 * ../shared/data/labels.csv (13 identities). See docs/detection.md for the data and caveats.
 */
export const faceCalibration: Calibration = {
  metric: "euclidean",
  a: 132.3688,
  b: -81.8901,
  threshold: 0.6187,
  genuinePairs: 175,
  impostorPairs: 1655,
  source: "../shared/data kind=face, 61 images, 13 identities, fitted 2026-11-22",
};
