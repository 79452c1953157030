/**
 * Verdict levels from held-out scores: the thresholds every fit sets its "synthetic" and "possibly
 * synthetic" levels at (packages/detection/src/synthetic-levels.ts says what they mean to the
 * product, and reads them).
 */

import {
  type LevelBars,
  POSSIBLY_SYNTHETIC_MAX_FPR,
  SYNTHETIC_MAX_FPR,
  type VerdictLevel,
  type VerdictLevels,
} from "@lg/detection/synthetic-levels";
import { shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";

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
