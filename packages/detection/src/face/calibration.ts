import type { Calibration } from "../identity.js";

/**
 * Cosine distance between SFace embeddings → same-person probability, fitted by
 * `npm run bench:detection -- --only face` on every pair of the 61 `kind=face` images of
 * ../shared/data/labels.csv (13 identities). See docs/detection.md for the data and caveats.
 */
export const faceCalibration: Calibration = {
  metric: "cosine",
  a: 135.4198,
  b: -83.9753,
  threshold: 0.6201,
  genuinePairs: 175,
  impostorPairs: 1655,
  source: "../shared/data kind=face, 61 images, 13 identities, SFace 2021dec, fitted 2026-11-23",
};
