/**
 * fit:face-swap-sbi's head on one input: regularisation chosen by 5-fold cross-validation by
 * person, Platt scaling on the held-out-fold scores, and its scores on the swaps it never saw.
 */
import { sigmoid } from "@lg/detection/synthetic-image/linear-probe";
import { fitPlatt } from "@lg/fitting/calibration";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";
import { hashedFold, outOfFoldScores } from "@lg/fitting/folds";
import { fitLogistic, linearScore } from "@lg/fitting/standardised-logistic";

const TARGET_FPR = 0.01;

export interface Example {
  x: Float64Array;
  y: 0 | 1;
  fold: number;
  set: string;
  /** Genuine source of a fit row (its blends carry it too); the evaluation set of a measured one. */
  source?: string;
  key?: string;
  variant?: string;
}

/** Folds by person: a group's rows (a subject's portraits, a picture's blends) share one of five. */
export const foldOf = (group: string) => hashedFold(group, 5);

export function fitOn(examples: Example[], lambda: number) {
  const dims = examples[0]!.x.length;
  const x = new Float32Array(examples.length * dims);
  examples.forEach((e, i) => {
    x.set(e.x, i * dims);
  });
  return fitLogistic(
    { x, dims, y: Uint8Array.from(examples, (e) => e.y), weight: new Float32Array(examples.length).fill(1) },
    lambda,
    400,
  );
}

export const score = (head: ReturnType<typeof fitOn>, x: Float64Array) => linearScore(head, Float32Array.from(x));
export const round = (v: number) => Math.round(v * 1e4) / 1e4;
export const LAMBDAS = [0.0003, 0.001, 0.003, 0.01, 0.03, 0.1];

export function aucOf(examples: Example[], scores: number[]): number {
  return rocAuc(
    scores.filter((_, i) => examples[i]!.y === 0),
    scores.filter((_, i) => examples[i]!.y === 1),
  );
}

export function fitInput(name: string, fit: Example[], measured: Example[], lambdas: number[] = LAMBDAS) {
  let best: { lambda: number; auc: number; scores: number[] } | undefined;
  const search: Record<string, number> = {};
  for (const lambda of lambdas) {
    const scores = outOfFoldScores(
      fit,
      fit.map((e) => e.fold),
      (training) => {
        const head = fitOn(training, lambda);
        return (e) => score(head, e.x);
      },
    );
    const auc = aucOf(fit, scores);
    search[String(lambda)] = round(auc);
    console.error(`${name}: lambda ${lambda}: held-out SBI AUC ${auc.toFixed(4)}`);
    if (!best || auc > best.auc + 1e-4) best = { lambda, auc, scores };
  }
  if (!best) throw new Error("no fit");
  const platt = fitPlatt(
    best.scores,
    fit.map((e) => e.y),
  );
  const probability = (raw: number) => sigmoid(platt.a * raw + platt.b);
  const heldOut = best.scores.map(probability);
  const genuineHeldOut = heldOut.filter((_, i) => fit[i]!.y === 0);
  const threshold = thresholdForFpr(genuineHeldOut, TARGET_FPR);
  const strictThreshold = Math.max(...genuineHeldOut) + 1e-9;
  const lambda = best.lambda;
  const head = fitOn(fit, lambda);
  // A training pair's frames are scored by a head fitted without that pair's genuine clip.
  const withoutPair = new Map<string, ReturnType<typeof fitOn>>();
  const headFor = (set: string) => {
    if (!set.startsWith("train-clips:")) return head;
    const group = `clip:${set.slice("train-clips:".length)}`;
    let refit = withoutPair.get(group);
    if (!refit) {
      refit = fitOn(
        fit.filter((e) => e.set !== group),
        lambda,
      );
      withoutPair.set(group, refit);
    }
    return refit;
  };
  const measuredScores = measured.map((e) => probability(score(headFor(e.set), e.x)));
  const sets = [...new Set(measured.map((e) => e.set.split(":")[0] as string))];
  const bySet: Record<string, unknown> = {};
  for (const set of [...sets, ...new Set(measured.map((e) => e.set))]) {
    const inSet = measured
      .map((e, i) => ({ e, s: measuredScores[i] as number }))
      .filter(({ e }) => e.set.startsWith(set));
    const genuine = inSet.filter(({ e }) => e.y === 0).map(({ s }) => s);
    const swapped = inSet.filter(({ e }) => e.y === 1).map(({ s }) => s);
    bySet[set] = {
      genuine: genuine.length,
      swapped: swapped.length,
      auc: genuine.length && swapped.length ? round(rocAuc(genuine, swapped)) : null,
      flaggedSwapped: swapped.length ? round(shareAtOrAbove(swapped, threshold)) : null,
      flaggedGenuine: genuine.length ? round(shareAtOrAbove(genuine, threshold)) : null,
      // Above every held-out genuine training face: the strict point (no genuine row flagged).
      flaggedSwappedStrict: swapped.length ? round(shareAtOrAbove(swapped, strictThreshold)) : null,
      flaggedGenuineStrict: genuine.length ? round(shareAtOrAbove(genuine, strictThreshold)) : null,
    };
  }
  const swapAuc = aucOf(measured, measuredScores);
  console.error(`${name}: chose lambda ${best.lambda}; unseen swaps AUC ${swapAuc.toFixed(4)}`, JSON.stringify(bySet));
  return {
    lambda: best.lambda,
    search,
    heldOutSbiAuc: round(best.auc),
    platt,
    threshold,
    heldOutGenuine: genuineHeldOut.length,
    heldOutGenuineFlagged: shareAtOrAbove(genuineHeldOut, threshold),
    heldOutSbiFlagged: shareAtOrAbove(
      heldOut.filter((_, i) => fit[i]!.y === 1),
      threshold,
    ),
    head,
    swapAuc,
    bySet,
    measuredScores,
  };
}
