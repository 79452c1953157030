import { writeFile } from "node:fs/promises";
import type { Assessed } from "@lg/fitting/face-swap-sbi/assess";
import { round } from "@lg/fitting/face-swap-sbi/fit-input";
import { SBI_MEDIA_PACKAGES } from "@lg/fitting/face-swap-sbi-material";

/** Writes the head the product reads (sbi-head.json): weights, calibration, levels, gate and how it was measured. */
export async function writeHead(
  headFile: string,
  reads: { input: "residual" | "clip-blocks"; features: string; clipBlocks?: number[] },
  assessed: Assessed,
  today: string,
  comparison: Record<string, unknown>,
) {
  const { chosen, measuredLevels, levels, videos, sharedData, speaksAt } = assessed;
  const head = {
    ...reads,
    weights: Array.from(chosen.head.weights, (w) => Number(w.toPrecision(7))),
    bias: Number(chosen.head.bias.toPrecision(9)),
    platt: { a: Number(chosen.platt.a.toPrecision(7)), b: Number(chosen.platt.b.toPrecision(7)) },
    // The "synthetic" level's point: what a reading at or above it states.
    operatingPoint: {
      threshold: levels.synthetic.threshold,
      falsePositiveRate: round(levels.synthetic.falsePositiveRate),
      truePositiveRate: round(levels.synthetic.truePositiveRate),
      measuredOn: levels.synthetic.measuredOn,
      genuineCount: levels.synthetic.genuineCount,
    },
    levels: {
      synthetic: { ...levels.synthetic, atSynthetic: measuredLevels.atSynthetic },
      possible: { ...levels.possible, atPossible: measuredLevels.atPossible },
    },
    speaksAt,
    // The top-k mean over the frames the product reads, at the same levels; never fitted on.
    video: videos,
    // ../shared/data (the evaluation set, never in any fit), at each level: the gate for speaking in the verdict.
    sharedData,
    genuineSources: SBI_MEDIA_PACKAGES.flatMap((pkg) =>
      pkg.media.map((m) => ({
        source: m.source,
        from: `${pkg.registry} ${pkg.name} ${pkg.version}`,
        member: m.member,
        licence: m.licence,
        note: m.note,
      })),
    ),
    fit: {
      script: "scripts/fit-face-swap-sbi.ts (npm run fit:face-swap-sbi)",
      date: today,
      method:
        "Self-Blended Images (Shiohara & Yamasaki, CVPR 2022) from genuine faces only; no swap method's output in the fit",
      lambda: chosen.lambda,
      lambdaSearch: chosen.search,
      heldOutSbiAuc: chosen.heldOutSbiAuc,
      // The previous point: 1% of held-out genuine rows in 5 folds by person (sources mixed across folds).
      personFoldPoint: {
        threshold: round(chosen.threshold),
        falsePositiveRate: round(chosen.heldOutGenuineFlagged),
        truePositiveRate: round(chosen.heldOutSbiFlagged),
        genuineRows: chosen.heldOutGenuine,
      },
      unseenSwaps: { auc: round(chosen.swapAuc), bySet: chosen.bySet },
      comparison,
    },
  };
  await writeFile(headFile, `${JSON.stringify(head, null, 1)}\n`);
  console.error(`wrote ${headFile}`);
}
