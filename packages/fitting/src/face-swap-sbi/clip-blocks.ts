import { writeFile } from "node:fs/promises";
import { BLOCK_COUNT } from "@lg/detection/synthetic-image/clip-block-outputs";
import { concatenated, l2Normalised } from "@lg/detection/synthetic-image/linear-probe";
import { type Assessed, type AssessOptions, assess } from "@lg/fitting/face-swap-sbi/assess";
import { type Example, LAMBDAS, round } from "@lg/fitting/face-swap-sbi/fit-input";
import { writeHead } from "@lg/fitting/face-swap-sbi/head";
import { blockOf, type Row } from "@lg/fitting/face-swap-sbi/rows";

/** What --features clip-blocks compares and whether it writes a head. */
export interface ClipBlockOptions extends AssessOptions {
  /** The sets of blocks compared, ";"-separated, each "+"-joined block numbers or r (--sets); every single block if not given. */
  sets?: string;
  /** The regularisations searched (--lambdas). */
  lambdas?: number[];
  /** Where every set's figures are written (--report). */
  report?: string;
  /** The set whose head is written to sbi-head.json (--ship). */
  ship?: string;
  /** Measure only: write no head (--dry-run). */
  dryRun: boolean;
  /** Given, only part of the stills was read: write no head (--stills-share). */
  stillsShare?: number;
  /** The CLIP encoder's name, stated in the head. */
  encoderName: string;
  /** The head the product reads (sbi-head.json). */
  headFile: string;
}

/**
 * --features clip-blocks: heads on CLIP's class token after single blocks and a few concatenations
 * (--sets "6;3+6+9;r+6", r the ring residuals), each fitted and measured by assess() exactly as the
 * shipped head is. Reports every set's figures (--report FILE); writes no head.
 */
export async function measureBlocks(
  options: ClipBlockOptions,
  fit: Example[],
  rowByKey: Map<string, Row>,
  measuredOf: (v: (r: Row) => Float64Array) => Example[],
  today: string,
) {
  const sets = (options.sets ?? Array.from({ length: BLOCK_COUNT }, (_, b) => String(b)).join(";")).split(";");
  const lambdas = options.lambdas ?? LAMBDAS;
  const report: Record<string, unknown> = {};
  let shipped: { parts: string[]; assessed: Assessed } | undefined;
  for (const set of sets) {
    const parts = set.split("+");
    const vector = (r: Row) =>
      concatenated(parts.map((p) => (p === "r" ? Float64Array.from(r.residual) : l2Normalised(blockOf(r, Number(p))))));
    const examples = fit.map((e) => ({ ...e, x: vector(rowByKey.get(e.key as string) as Row) }));
    const started = Date.now();
    const assessed = await assess(options, `blocks ${set}`, examples, measuredOf(vector), today, lambdas);
    const { chosen, measuredLevels, levels, videos, sharedData, speaksAt } = assessed;
    const level = (name: "synthetic" | "possible") => ({
      threshold: levels[name].threshold,
      genuineFlagged: `${Math.round(levels[name].falsePositiveRate * levels[name].genuineCount)} of ${levels[name].genuineCount}`,
      swapFramesCaught: `${Math.round(levels[name].truePositiveRate * levels[name].syntheticCount)} of ${levels[name].syntheticCount}`,
      byGenuineSource: levels[name].byGenuineSource,
      asFound: name === "synthetic" ? measuredLevels.atSynthetic : measuredLevels.atPossible,
      sharedData: sharedData[name],
    });
    report[set] = {
      lambda: chosen.lambda,
      lambdaSearch: chosen.search,
      heldOutSbiAuc: chosen.heldOutSbiAuc,
      unseenSwapsAuc: round(chosen.swapAuc),
      bySet: chosen.bySet,
      synthetic: level("synthetic"),
      possible: level("possible"),
      video: {
        auc: videos.auc,
        genuine: videos.genuineClips,
        swapped: videos.swappedClips,
        genuineAtSynthetic: videos.genuineAtSynthetic,
        genuineAtPossible: videos.genuineAtPossible,
        swappedAtSynthetic: videos.swappedAtSynthetic,
        swappedAtPossible: videos.swappedAtPossible,
      },
      speaksAt,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    console.error(`blocks ${set}:`, JSON.stringify({ ...(report[set] as object), bySet: undefined }));
    if (options.report) await writeFile(options.report, `${JSON.stringify(report, null, 1)}\n`);
    if (set === options.ship) shipped = { parts, assessed };
  }
  if (!options.ship) return;
  if (!shipped || shipped.parts.includes("r")) throw new Error(`--ship names one of --sets made of blocks only`);
  if (options.dryRun || options.stillsShare !== undefined)
    return console.error("--dry-run or --stills-share given: head not written");
  const clipBlocks = shipped.parts.map(Number);
  const auc = (set: string) => (report[set] as { bySet: Record<string, { auc: number | null }> }).bySet;
  await writeHead(
    options.headFile,
    {
      input: "clip-blocks",
      features: `${options.encoderName} class token after block${clipBlocks.length > 1 ? "s" : ""} ${clipBlocks.join(", ")} (of 0-11) of the largest face's square crop (box × 1.3), each L2-normalised: the face-synthetic signal's crop and pass`,
      clipBlocks,
    },
    shipped.assessed,
    today,
    Object.fromEntries(
      Object.entries(report).map(([set, r]) => {
        const { heldOutSbiAuc, unseenSwapsAuc, speaksAt } = r as Record<string, unknown>;
        return [
          set,
          {
            heldOutSbiAuc,
            unseenSwapsAuc,
            data: auc(set).data?.auc,
            trainClips: auc(set)["train-clips"]?.auc,
            speaksAt,
          },
        ];
      }),
    ),
  );
}
