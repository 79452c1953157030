/**
 * fit:face-swap-sbi's verdict levels: measured on genuine faces each scored by a head fitted without
 * their source, and the highest level ../shared/data's gate lets the head state.
 */
import { sigmoid } from "@lg/detection/synthetic-image/linear-probe";
import {
  POSSIBLY_SYNTHETIC_MAX_FPR,
  type SyntheticLevel,
  type VerdictLevel,
  type VerdictLevels,
} from "@lg/detection/synthetic-levels";
import { shareAtOrAbove } from "@lg/fitting/detection-rates";
import { type Example, type fitInput, fitOn, round, score } from "@lg/fitting/face-swap-sbi/fit-input";
import { deriveVerdictLevels, type HeldOutScore } from "@lg/fitting/levels";

/**
 * The highest level the head may state in a verdict. ../shared/data's genuine faces are never fitted
 * on; they are the gate: "synthetic" only if that level flags none of them, "possibly synthetic" only
 * if it flags at most 5%; and a level must catch held-out swap frames more often than it flags held-out
 * genuine faces (a level that catches no swap adds cost and no evidence).
 */
export function levelToSpeakAt(
  levels: VerdictLevels,
  sharedData: Record<"synthetic" | "possible", { genuine: number; genuineFlagged: number }>,
): SyntheticLevel {
  const informative = (level: VerdictLevel) => level.truePositiveRate > level.falsePositiveRate;
  if (sharedData.synthetic.genuineFlagged === 0 && informative(levels.synthetic)) return "synthetic";
  if (
    sharedData.possible.genuineFlagged <= POSSIBLY_SYNTHETIC_MAX_FPR * sharedData.possible.genuine &&
    informative(levels.possible)
  )
    return "possibly-synthetic";
  return "no-evidence";
}

/**
 * The verdict levels of the shipped head's probability, from genuine faces no fit that scored them
 * saw: each genuine source is scored by a head fitted without any of its rows (its faces and their
 * blends), with the chosen regularisation and calibration. "Synthetic" is the lowest threshold at
 * which at most 1% of every source's held-out genuine rows (as found, reposted and regraded), and of
 * all together, are flagged; "possibly" at most 5% of all together (synthetic-levels.ts). Swap
 * recall is measured on the training swap clips, each by a head fitted without its pair.
 */
export function measureLevels(
  fit: Example[],
  measured: Example[],
  chosen: ReturnType<typeof fitInput>,
  measuredOn: string,
  fittable: (e: Example) => boolean = () => true,
) {
  const probability = (raw: number) => sigmoid(chosen.platt.a * raw + chosen.platt.b);
  const genuineSources = [...new Set(fit.filter((e) => e.y === 0).map((e) => e.source as string))].sort();
  const heldOut: (HeldOutScore & { key: string; variant: string })[] = [];
  const blendRecall: Record<string, { blends: number; scores: number[] }> = {};
  for (const source of genuineSources) {
    const head = fitOn(
      fit.filter((e) => e.source !== source && fittable(e)),
      chosen.lambda,
    );
    const scores: number[] = [];
    for (const e of fit.filter((row) => row.source === source)) {
      const p = probability(score(head, e.x));
      if (e.y === 0) heldOut.push({ score: p, synthetic: false, source, key: e.key ?? "", variant: e.variant ?? "" });
      else scores.push(p);
    }
    blendRecall[source] = { blends: scores.length, scores };
  }
  const swaps = measured
    .map((e, i) => ({ e, p: chosen.measuredScores[i] as number }))
    .filter(({ e }) => e.y === 1 && e.set.startsWith("train-clips:"));
  const levels = deriveVerdictLevels(
    [...heldOut, ...swaps.map(({ e, p }) => ({ score: p, synthetic: true, source: e.set }))],
    measuredOn,
  );
  const asFound = heldOut.filter((h) => h.variant === "as-made");
  const ratesAt = (threshold: number) => ({
    asFoundGenuine: asFound.length,
    asFoundFlagged: asFound.filter((h) => h.score >= threshold).length,
    blendsFlaggedBySource: Object.fromEntries(
      Object.entries(blendRecall).map(([source, r]) => [source, round(shareAtOrAbove(r.scores, threshold))]),
    ),
  });
  return {
    levels,
    heldOut,
    atSynthetic: ratesAt(levels.synthetic.threshold),
    atPossible: ratesAt(levels.possible.threshold),
  };
}
