import { shareAtOrAbove, thresholdForFpr } from "./detection-rates.js";
import type { OperatingPoint } from "./result.js";

/**
 * The three things the product may say about whether a picture is synthetic, and the bars between
 * them. A false "synthetic" on a genuine photo is the worst error the product can make (it goes into
 * a notice signed under penalty of perjury), so "synthetic" is stated only above a threshold at
 * which at most 1% of genuine pictures held out of every fit were flagged, in every genuine source
 * on its own as well as overall; "possibly synthetic" between that and a lower bar, with its
 * measured rate; below it, no synthetic evidence. The thresholds come from the fusion fit's
 * out-of-fold scores (scripts/fit-fusion.ts), so a refit moves them with the detectors.
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

/** A picture's held-out fused probability, with its label and source (generator or genuine source). */
export interface HeldOutScore {
  score: number;
  synthetic: boolean;
  source: string;
}

const grouped = (scores: readonly HeldOutScore[]) => {
  const groups = new Map<string, number[]>();
  for (const s of scores) groups.set(s.source, [...(groups.get(s.source) ?? []), s.score]);
  return groups;
};

function levelAt(
  exactThreshold: number,
  maxFalsePositiveRate: number,
  scores: readonly HeldOutScore[],
  measuredOn: string,
): VerdictLevel {
  // Rounded up, never down: a rounded threshold may flag fewer pictures than the exact one, not more.
  const threshold = Math.ceil(exactThreshold * 1e6) / 1e6;
  const genuine = scores.filter((s) => !s.synthetic);
  const synthetic = scores.filter((s) => s.synthetic);
  const rate = <T>(group: number[], make: (n: number, flagged: number) => T) =>
    make(group.length, group.filter((s) => s >= threshold).length);
  return {
    threshold,
    falsePositiveRate: shareAtOrAbove(
      genuine.map((s) => s.score),
      threshold,
    ),
    truePositiveRate: shareAtOrAbove(
      synthetic.map((s) => s.score),
      threshold,
    ),
    measuredOn,
    maxFalsePositiveRate,
    genuineCount: genuine.length,
    syntheticCount: synthetic.length,
    byGenuineSource: Object.fromEntries(
      [...grouped(genuine)].map(([source, group]) => [
        source,
        rate(group, (n, flagged) => ({ genuine: n, flagged, falsePositiveRate: flagged / n })),
      ]),
    ),
    recallBySystem: Object.fromEntries(
      [...grouped(synthetic)].map(([source, group]) => [
        source,
        rate(group, (n, flagged) => ({ synthetic: n, flagged, recall: flagged / n })),
      ]),
    ),
  };
}

/** The bars a fit sets its levels against; the fused picture verdict's by default. */
export interface LevelBars {
  syntheticMaxFpr: number;
  possibleMaxFpr: number;
  /** Hold every genuine source to the "possibly" bar on its own too, not only all of them together. */
  possiblePerSource: boolean;
}

const PICTURE_BARS: LevelBars = {
  syntheticMaxFpr: SYNTHETIC_MAX_FPR,
  possibleMaxFpr: POSSIBLY_SYNTHETIC_MAX_FPR,
  possiblePerSource: false,
};

/** The lowest threshold keeping all genuine scores together, and each source's if `perSource`, at or under `maxFpr`. */
function thresholdForEverySource(genuine: readonly HeldOutScore[], maxFpr: number, perSource: boolean): number {
  const all = thresholdForFpr(
    genuine.map((s) => s.score),
    maxFpr,
  );
  if (!perSource) return all;
  return Math.max(all, ...[...grouped(genuine).values()].map((group) => thresholdForFpr(group, maxFpr)));
}

/**
 * Both levels from held-out scores. The "synthetic" threshold is the lowest one that keeps every
 * genuine source, and all of them together, at or under the "synthetic" bar: a detector that learned
 * "studio lighting = AI" is caught by the studio portraits' own rate, however many other genuine
 * pictures dilute the overall one. The "possibly" threshold keeps all genuine pictures together (and,
 * with `possiblePerSource`, each source) at or under its bar, and is never above the "synthetic" one.
 */
export function deriveVerdictLevels(
  scores: readonly HeldOutScore[],
  measuredOn: string,
  bars: LevelBars = PICTURE_BARS,
): VerdictLevels {
  const genuine = scores.filter((s) => !s.synthetic);
  if (genuine.length === 0) throw new Error("Verdict levels need held-out genuine pictures");
  const syntheticThreshold = thresholdForEverySource(genuine, bars.syntheticMaxFpr, true);
  // The picture verdict's "possibly" is pooled: a source of 7 pictures allows no false positive at
  // 5%, which would merge the two levels. It is no claim; its stated rate is over all held-out
  // genuine pictures, and the per-source rates are stored beside it.
  const possibleThreshold = Math.min(
    syntheticThreshold,
    thresholdForEverySource(genuine, bars.possibleMaxFpr, bars.possiblePerSource),
  );
  return {
    synthetic: levelAt(syntheticThreshold, bars.syntheticMaxFpr, scores, measuredOn),
    possible: levelAt(possibleThreshold, bars.possibleMaxFpr, scores, measuredOn),
  };
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
