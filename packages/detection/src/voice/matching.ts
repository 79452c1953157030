import { loadFitted } from "../fitted/manifest.js";
import { bestMatch, type Calibration, type EnrolledIdentity, type IdentityMatch } from "../identity.js";
import calibrationJson from "./calibration.json" with { type: "json" };

/**
 * Speaker matching: cosine distance (1 − cos) between L2-normalised GE2E embeddings, turned into a
 * same-speaker probability by the logistic calibration fitted on labelled pairs (calibration.json,
 * written by `npm run fit:speaker`).
 */
export const voiceCalibration: Calibration = loadFitted("voice/calibration.json", calibrationJson).calibration;

export function cosineDistance(x: Float32Array, y: Float32Array): number {
  if (x.length !== y.length) throw new Error(`Embedding lengths differ: ${x.length} vs ${y.length}`);
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    dot += a * b;
    nx += a * a;
    ny += b * b;
  }
  const norm = Math.sqrt(nx * ny);
  return norm === 0 ? 1 : 1 - dot / norm;
}

export interface MatchOptions {
  /** Smallest calibrated confidence (0-100) reported as a match; below it the answer is null. */
  minConfidence?: number;
}

/** Closest enrolled voice; null when nobody has a voice enrolled or the best is below minConfidence (default 50). */
export function matchVoice(
  embedding: Float32Array,
  enrolled: EnrolledIdentity[],
  options: MatchOptions = {},
): IdentityMatch | null {
  const match = bestMatch(embedding, enrolled, (identity) => identity.voice, cosineDistance, voiceCalibration);
  if (!match || match.confidence < (options.minConfidence ?? 50)) return null;
  return match;
}
