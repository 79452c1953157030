import type { Calibration } from "../identity.js";

/**
 * Cosine distance between SFace embeddings → same-person probability, fitted by
 * `npm run bench:detection -- --only face` on every pair of the 61 `kind=face` images of
 * ../shared/data/labels.csv (13 identities). See docs/detection.md for the data and caveats.
 */
export const faceCalibration: Calibration = {
  metric: "cosine",
  a: 103.9635,
  b: -61.972,
  threshold: 0.5961,
  genuinePairs: 175,
  impostorPairs: 1655,
  source: "../shared/data kind=face, 61 images, 13 identities, SFace 2021dec, fitted 2026-11-23",
};
