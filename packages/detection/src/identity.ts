/**
 * Enrolled identities, matches and the distance → confidence calibration shared by face and voice.
 * A calibration is a logistic curve p(same | d) = 1 / (1 + exp(a·d + b)) fitted on labelled pairs
 * (@lg/fitting/distance-calibration), so a confidence is a probability learnt from data rather
 * than a hand-picked threshold.
 */

export interface EnrolledIdentity {
  personId: string;
  face: Float32Array[];
  voice: Float32Array[];
}

/** Why a face match is stated lower than its calibrated reading (face/match-limits.ts). */
export type MatchLimit = "small-face" | "tiny-face" | "partial-face" | "unclear-face";

export interface IdentityMatch {
  personId: string;
  distance: number;
  /** Same-person probability from the calibration, 0-100, capped where the face limits what it can show. */
  confidence: number;
  /** The calibration's reading before a limit capped it; absent when nothing did. */
  calibratedConfidence?: number;
  /** What about the face limits the match: small, partly out of the picture, unclear. */
  limitedBy?: MatchLimit[];
}

export interface Calibration {
  /** What the distance is: "euclidean" for face descriptors, "cosine" for speaker embeddings. */
  metric: "euclidean" | "cosine";
  /** p(same) = 1 / (1 + exp(a·distance + b)); a > 0 so larger distances mean less likely. */
  a: number;
  b: number;
  /** Distance where p(same) = 0.5, i.e. -b/a. */
  threshold: number;
  genuinePairs: number;
  impostorPairs: number;
  /** Where the pairs came from, for the record. */
  source: string;
}

export function confidenceFromDistance(calibration: Calibration, distance: number): number {
  const z = calibration.a * distance + calibration.b;
  const p = 1 / (1 + Math.exp(z));
  return Math.round(p * 1000) / 10;
}

export function euclideanDistance(x: Float32Array, y: Float32Array): number {
  if (x.length !== y.length) throw new Error(`Descriptor lengths differ: ${x.length} vs ${y.length}`);
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    const diff = (x[i] as number) - (y[i] as number);
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}

/**
 * Best identity for one probe: each identity's distance is its closest enrolled sample, so an
 * identity enrolled from many photos is matched by whichever photo is most alike.
 */
export function bestMatch(
  probe: Float32Array,
  enrolled: EnrolledIdentity[],
  samplesOf: (identity: EnrolledIdentity) => Float32Array[],
  distance: (x: Float32Array, y: Float32Array) => number,
  calibration: Calibration,
): IdentityMatch | null {
  let best: { personId: string; distance: number } | null = null;
  for (const identity of enrolled) {
    for (const sample of samplesOf(identity)) {
      const d = distance(probe, sample);
      if (!best || d < best.distance) best = { personId: identity.personId, distance: d };
    }
  }
  if (!best) return null;
  return { ...best, confidence: confidenceFromDistance(calibration, best.distance) };
}
