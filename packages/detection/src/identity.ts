/**
 * Enrolled identities, matches and the distance → confidence calibration shared by face and voice.
 * A calibration is a logistic curve p(same | d) = 1 / (1 + exp(a·d + b)) fitted on labelled pairs,
 * so a confidence is a probability learnt from data rather than a hand-picked threshold.
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

export interface PairDistances {
  genuine: number[];
  impostor: number[];
}

/**
 * Fits the logistic curve by Newton's method on the log-likelihood, weighting the classes equally
 * so a set with far more impostor than genuine pairs does not push every score towards "different".
 */
export function fitCalibration(pairs: PairDistances, metric: Calibration["metric"], source: string): Calibration {
  const { genuine, impostor } = pairs;
  if (genuine.length === 0 || impostor.length === 0) {
    throw new Error("Calibration needs at least one genuine and one impostor pair");
  }
  const wGenuine = 0.5 / genuine.length;
  const wImpostor = 0.5 / impostor.length;
  const samples: { d: number; y: number; w: number }[] = [
    ...genuine.map((d) => ({ d, y: 1, w: wGenuine })),
    ...impostor.map((d) => ({ d, y: 0, w: wImpostor })),
  ];
  // Model p = sigmoid(u·d + v); the stored parameters are a = -u, b = -v.
  let u = 0;
  let v = 0;
  const ridge = 1e-6;
  for (let iteration = 0; iteration < 100; iteration++) {
    let gu = 0;
    let gv = 0;
    let huu = ridge;
    let huv = 0;
    let hvv = ridge;
    for (const { d, y, w } of samples) {
      const p = 1 / (1 + Math.exp(-(u * d + v)));
      const r = w * (y - p);
      gu += r * d;
      gv += r;
      const s = w * p * (1 - p);
      huu += s * d * d;
      huv += s * d;
      hvv += s;
    }
    const det = huu * hvv - huv * huv;
    if (!Number.isFinite(det) || Math.abs(det) < 1e-18) break;
    const du = (hvv * gu - huv * gv) / det;
    const dv = (huu * gv - huv * gu) / det;
    u += du;
    v += dv;
    // Perfectly separable data drives the slope to infinity; cap it where probabilities saturate.
    if (Math.abs(u) > 1e4) break;
    if (Math.abs(du) < 1e-9 && Math.abs(dv) < 1e-9) break;
  }
  const a = -u;
  const b = -v;
  return {
    metric,
    a,
    b,
    threshold: a === 0 ? Number.NaN : -b / a,
    genuinePairs: genuine.length,
    impostorPairs: impostor.length,
    source,
  };
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
