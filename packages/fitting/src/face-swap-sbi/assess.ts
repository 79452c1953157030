import { writeFile } from "node:fs/promises";
import { type Example, fitInput, LAMBDAS } from "@lg/fitting/face-swap-sbi/fit-input";
import { levelToSpeakAt, measureLevels } from "@lg/fitting/face-swap-sbi/verdict-levels";
import { measureVideos } from "@lg/fitting/face-swap-sbi/videos";

/** The experiments' choices every assessment reads (fit.ts's options). */
export interface AssessOptions {
  /** Sources scored at the levels but never fitted on (--measure-only). */
  measureOnly?: RegExp;
  /** Variants left out (--without-variants). */
  withoutVariants?: RegExp;
  /** Where the residual head's held-out genuine scores are written (--dump). */
  dump?: string;
}

/**
 * One input's head fitted and measured as the shipped one is: regularisation and calibration by
 * person folds, the verdict levels leaving each genuine source out, the training swap clips each by
 * a head fitted without its pair, videos as the product reads them, and ../shared/data's gate.
 */
export async function assess(
  options: AssessOptions,
  input: string,
  fit: Example[],
  measuredExamples: Example[],
  today: string,
  lambdas: number[] = LAMBDAS,
) {
  const { measureOnly, withoutVariants } = options;
  const fitted = (e: Example) =>
    !(measureOnly?.test(e.source ?? "") ?? false) && !(withoutVariants?.test(e.variant ?? "") ?? false);
  const chosen = fitInput(input, fit.filter(fitted), measuredExamples, lambdas);
  const measuredOn = `genuine faces of ${new Set(fit.filter((e) => e.y === 0).map((e) => e.source)).size} sources (../shared/train's stills and clip originals, packages' press, phone and talking-head media; as found, reposted and regraded), each scored by a head fitted without its source; swaps: ../shared/train's clips, each by a head fitted without its pair; ${today}`;
  const measuredLevels = measureLevels(
    fit.filter((e) => !(withoutVariants?.test(e.variant ?? "") ?? false)),
    measuredExamples,
    chosen,
    measuredOn,
    (e) => !(measureOnly?.test(e.source ?? "") ?? false),
  );
  const { levels } = measuredLevels;
  if (options.dump && input === "residual") await writeFile(options.dump, JSON.stringify(measuredLevels.heldOut));
  const videos = measureVideos(measuredLevels.heldOut, measuredExamples, chosen.measuredScores, levels);
  const evaluation = measuredExamples
    .map((e, i) => ({ e, p: chosen.measuredScores[i] as number }))
    .filter(({ e }) => e.set.startsWith("data:"));
  const evaluationAt = (threshold: number) => ({
    genuine: evaluation.filter(({ e }) => e.y === 0).length,
    genuineFlagged: evaluation.filter(({ e, p }) => e.y === 0 && p >= threshold).length,
    swapped: evaluation.filter(({ e }) => e.y === 1).length,
    swappedFlagged: evaluation.filter(({ e, p }) => e.y === 1 && p >= threshold).length,
  });
  const sharedData = {
    synthetic: evaluationAt(levels.synthetic.threshold),
    possible: evaluationAt(levels.possible.threshold),
  };
  const speaksAt = levelToSpeakAt(levels, sharedData);
  for (const name of ["synthetic", "possible"] as const) {
    const level = levels[name];
    console.error(
      `${input} level ${name}: threshold ${level.threshold}; genuine ${(level.falsePositiveRate * 100).toFixed(2)}% of ${level.genuineCount}; swap frames ${(level.truePositiveRate * 100).toFixed(1)}% of ${level.syntheticCount}`,
      JSON.stringify(level.byGenuineSource),
      JSON.stringify(level.recallBySystem),
      JSON.stringify(name === "synthetic" ? measuredLevels.atSynthetic : measuredLevels.atPossible),
      `../shared/data (never fitted): ${JSON.stringify(sharedData[name])}`,
    );
  }
  if (input === "residual") console.error("videos:", JSON.stringify(videos, null, 1));
  console.error(`${input} speaks at: ${speaksAt}`);
  return { chosen, measuredLevels, levels, videos, sharedData, speaksAt };
}

/** One input's head and what was measured of it: what writeHead writes. */
export type Assessed = Awaited<ReturnType<typeof assess>>;
