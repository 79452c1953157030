import type { OperatingPoint } from "./result.js";

/**
 * The three things the product may say about whether a picture is synthetic, and the bars between
 * them. A false "synthetic" on a genuine photo is the worst error the product can make (it goes into
 * a notice signed under penalty of perjury), so "synthetic" is stated only above a threshold at
 * which at most 1% of genuine pictures held out of every fit were flagged, in every genuine source
 * on its own as well as overall; "possibly synthetic" between that and a lower bar, with its
 * measured rate; below it, no synthetic evidence. The thresholds come from the fusion fit's
 * out-of-fold scores (scripts/fit-fusion.ts, with deriveVerdictLevels of packages/fitting/src/levels.ts), so a refit moves them with the detectors.
 */

/** "Synthetic" is said only where genuine pictures held out of every fit were flagged at most this often. */
export const SYNTHETIC_MAX_FPR = 0.01;
/** "Possibly synthetic" is said down to the threshold flagging at most this share of those genuine pictures. */
export const POSSIBLY_SYNTHETIC_MAX_FPR = 0.05;

export type SyntheticLevel = "synthetic" | "possibly-synthetic" | "no-evidence";

/** Genuine pictures of one source and how many the level flagged. */
export interface GenuineSourceRate {
  genuine: number;
  flagged: number;
  falsePositiveRate: number;
}

/** Synthetic pictures of one generator and how many the level caught. */
export interface SystemRecall {
  synthetic: number;
  flagged: number;
  recall: number;
}

/** One level's threshold on the fused probability and its rates on held-out pictures. */
export interface VerdictLevel extends OperatingPoint {
  /** The bar it was chosen against: the highest genuine false-positive rate it may have. */
  maxFalsePositiveRate: number;
  /** Genuine and synthetic pictures the rates were measured on. */
  genuineCount: number;
  syntheticCount: number;
  /** False positives by genuine source (labels.csv's system column). */
  byGenuineSource: Record<string, GenuineSourceRate>;
  recallBySystem: Record<string, SystemRecall>;
}

export interface VerdictLevels {
  synthetic: VerdictLevel;
  possible: VerdictLevel;
}

/** The bars a fit sets its levels against; the fused picture verdict's by default. */
export interface LevelBars {
  syntheticMaxFpr: number;
  possibleMaxFpr: number;
  /** Hold every genuine source to the "possibly" bar on its own too, not only all of them together. */
  possiblePerSource: boolean;
}

/** The level a fused probability reaches. */
export function levelOf(probability: number, levels: Pick<VerdictLevels, "synthetic" | "possible">): SyntheticLevel {
  if (probability >= levels.synthetic.threshold) return "synthetic";
  if (probability >= levels.possible.threshold) return "possibly-synthetic";
  return "no-evidence";
}

/**
 * A detector outside the fitted model speaks at its own operating point: it may say "synthetic" only
 * if that point's measured false-positive rate meets the same bar, and, where the point is one of its
 * own verdict levels, that level was chosen against that bar (a "possibly" level whose measured rate
 * happens to be low stays "possibly"); otherwise its finding is "possibly".
 */
export function levelOfOwnPoint(point: OperatingPoint | undefined): Exclude<SyntheticLevel, "no-evidence"> {
  const meetsBar =
    point !== undefined &&
    point.falsePositiveRate <= SYNTHETIC_MAX_FPR &&
    (point.maxFalsePositiveRate === undefined || point.maxFalsePositiveRate <= SYNTHETIC_MAX_FPR);
  return meetsBar ? "synthetic" : "possibly-synthetic";
}
