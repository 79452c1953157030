/**
 * How strict a gallery match must be, given how many enrolled embeddings a probe is compared with.
 *
 * A crawled face is compared with every enrolled embedding of its modality. If one comparison falsely
 * passes with probability FMR(d) at cosine distance d, a gallery of N embeddings yields N·FMR(d)
 * false candidates per probe. The shortlist distance is the largest d with N·FMR(d) <= the budget
 * (FALSE_CANDIDATES_PER_PROBE, 1 per 1,000 crawled faces), and never looser than the pair threshold
 * the detection engine calibrated for one-to-one comparisons. FMR(d) comes from a normal model of the
 * impostor distances fitted to the tail of real impostor pairs (through their measured 1-in-100 and
 * 1-in-1,000 quantiles). Below 1e-3 per comparison it is an extrapolation, and real tails are heavier
 * (lookalikes, twins): that is why a second check confirms every shortlisted person (docs/scale.md).
 */
export interface ImpostorDistances {
  /** Mean and standard deviation of the cosine distance between embeddings of different people. */
  mean: number;
  sd: number;
  pairs: number;
  source: string;
}

export interface MatchRule {
  /** The calibrated one-to-one threshold (cosine distance): what "the same person" means for one pair. */
  pairThreshold: number;
  impostor: ImpostorDistances;
}

/** Expected false candidates per crawled face the shortlist may let through. */
export const FALSE_CANDIDATES_PER_PROBE = 1e-3;

/**
 * The face rule: SFace 2021dec. The pair threshold is @lg/detection's faceCalibration.threshold
 * (a unit test holds them together); the impostor fit is `npm run bench:gallery`'s, on real faces.
 */
export const FACE_MATCH_RULE: MatchRule = {
  pairThreshold: 0.6201,
  impostor: {
    mean: 0.8964,
    sd: 0.0959,
    pairs: 34_703,
    source:
      "bench:gallery 2026-11-27: SFace 2021dec on 265 real photos of 114 people (../shared/data faces, ../shared/train studio portraits), normal through the measured 1e-2 and 1e-3 impostor quantiles",
  },
};

/**
 * The voice rule: Resemblyzer GE2E. The pair threshold is @lg/detection's voiceCalibration.threshold;
 * the impostor normal is read off that calibration's impostor summary (1,000 LibriSpeech pairs:
 * median 0.4525, minimum 0.2474 taken as the 1-in-1,000 quantile, so sd = 0.2051 / 3.09).
 */
export const VOICE_MATCH_RULE: MatchRule = {
  pairThreshold: 0.2687,
  impostor: {
    mean: 0.4525,
    sd: 0.0664,
    pairs: 1000,
    source: "voice calibration.json impostor summary (voices/librispeech, 5 speakers)",
  },
};

/** The shortlist distance for a gallery of `comparisons` embeddings (see the module comment). */
export function shortlistDistance(rule: MatchRule, comparisons: number): number {
  const perComparison = FALSE_CANDIDATES_PER_PROBE / Math.max(1, comparisons);
  const distance = rule.impostor.mean + rule.impostor.sd * normalQuantile(perComparison);
  return Math.max(0, Math.min(rule.pairThreshold, distance));
}

/** The model's false-match rate per comparison at distance d: P(impostor distance <= d). */
export function modelledFalseMatchRate(rule: MatchRule, distance: number): number {
  return normalCdf((distance - rule.impostor.mean) / rule.impostor.sd);
}

/** Φ(z) by the complementary error function (Numerical Recipes' erfc, relative error < 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** Φ⁻¹(p) (Acklam's rational approximation, relative error < 1.2e-9), for 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}
