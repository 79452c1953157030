/**
 * Fits the learned synthetic-picture heads (`npm run fit:image [-- --train DIR --limit N]`, scripts/fit-image-detectors.ts):
 * linear probes on CLIP ViT-B/16 image embeddings, written to
 * packages/detection/src/synthetic-image/{ai-image,face-synthetic}-head.json.
 *
 * - Rows: every picture of ../shared/train's images/ and gan-faces/ (whole picture → "ai-image";
 *   its largest face's crop → "face-synthetic"), the genuine press, event and portrait stills of
 *   packages' sample media (genuine-package-pictures.ts; "ai-image" only, each package collection
 *   its own genuine source), and frames of its face-swap videos (largest face's
 *   crop → "face-synthetic"). Each picture is also scored after JPEG re-encoding (q 40-90) and after
 *   downscaling (to 25-60%) plus JPEG, since found media is recompressed and resized. Video frames at
 *   or after 70% of each clip's duration are held out of the fit (bench/synthetic-image.ts scores them).
 * - Features come from the product's own path (decodeImage's analysis copy, clipInput, the CLIP
 *   encoder, one picture per call) and are cached in .cache/synthetic-image/ (gitignored).
 * - Regularisation is chosen by grouped cross-validation, leaving one group out at a time: a
 *   generator (system), a genuine source, or a video pair, so no generator is on both sides.
 * - Platt scaling is fitted on the held-out-fold scores; the operating point is the calibrated
 *   threshold flagging at most 2% of the held-out genuine rows, with its measured rates.
 */
import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { type DecodedImage, decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import { fullClipImageEncoder } from "@lg/detection/models/registry";
import type { Box } from "@lg/detection/result";
import {
  centreSquare,
  clipInput,
  cropPixels,
  faceCropRegion,
  MIN_FACE_PX,
  overlap,
  REUSE_WHOLE_PICTURE_AT_OVERLAP,
} from "@lg/detection/synthetic-image/clip-input";
import {
  calibrated,
  type LinearProbeHead,
  l2Normalised,
  probeInput,
  rawScore,
  sigmoid,
} from "@lg/detection/synthetic-image/linear-probe";
import { fitPlatt } from "@lg/fitting/calibration";
import { type Example, fitLogistic, outOfFold, split, standardiser, weighted } from "@lg/fitting/cross-validation";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";
import { assignFolds } from "@lg/fitting/folds";
import { genuinePackagePictures } from "@lg/fitting/genuine-package-pictures";
import { HELD_OUT_FROM, isHeldOutFrame, trainingClipSampling } from "@lg/fitting/held-out-frames";
import { readJsonLines } from "@lg/fitting/json-lines";
import { readLabelRows } from "@lg/fitting/label-rows";
import { deriveVerdictLevels } from "@lg/fitting/levels";
import { repoRoot } from "@lg/fitting/paths";
import { clipFeaturesOf, trainViewsCache, viewsOf } from "@lg/fitting/rine-features";
import { compact, randomFor, reencode, scaled } from "@lg/fitting/variants";

/** What one fit:image run reads and fits (the CLI's flags). */
export interface ImageDetectorsFitOptions {
  /** ../shared/train: labels.csv, images/, gan-faces/ and video/. */
  trainDir: string;
  /** Where the features are cached (.cache/synthetic-image, gitignored). */
  cacheDir: string;
  /** Fit on about this many training files (every k-th) and write no head. */
  limit?: number;
  /** Extract and cache the features only. */
  featuresOnly?: boolean;
  /** Refit one head only: ai-image or face-synthetic. */
  only?: string;
}

// Features are keyed by the encoder that made them, so a new encoder never reads an old one's cache.
const featureCacheFile = (cacheDir: string) => path.join(cacheDir, `features-${fullClipImageEncoder().name}.jsonl`);
const headDir = path.join(repoRoot, "packages/detection/src/synthetic-image");
const TARGET_FPR = 0.02;

interface TrainRow {
  path: string;
  kind: string;
  synthetic: boolean;
  system: string;
  sourceRepo: string;
}

async function readTrainLabels(trainDir: string): Promise<TrainRow[]> {
  return (await readLabelRows(trainDir)).map((cell) => ({
    path: cell("path"),
    kind: cell("kind"),
    synthetic: cell("synthetic") === "1",
    system: cell("system"),
    sourceRepo: cell("source_repo"),
  }));
}

/** The group a row is held out with: its generator, its genuine source, or its video pair. */
function groupOf(row: TrainRow): string {
  if (row.kind === "video") return row.system.split("-")[0] === "original" ? "inswapper" : row.system.split("-")[0]!;
  return row.synthetic ? row.system : `${row.system}:${row.sourceRepo}`;
}

interface FaceFeatures {
  crop: number[];
  /** IoU of the face crop with CLIP's centre square of the whole picture. */
  overlap: number;
  /** dlib face descriptor (original pictures only), to compare embeddings. */
  descriptor?: number[];
}

interface FeatureRow {
  key: string;
  path: string;
  group: string;
  system: string;
  synthetic: boolean;
  source: "image" | "video";
  variant: string;
  timeSeconds?: number;
  heldOut?: boolean;
  whole?: number[];
  face?: FaceFeatures;
}

async function embed(pixels: RgbImage): Promise<number[]> {
  return compact(await fullClipImageEncoder().predict(await clipInput(pixels)));
}

async function faceFeatures(pixels: RgbImage, box: Box | undefined): Promise<FaceFeatures | undefined> {
  if (!box || Math.min(box.width, box.height) < MIN_FACE_PX) return undefined;
  const region = faceCropRegion(box, pixels.width, pixels.height);
  return {
    crop: await embed(cropPixels(pixels, region)),
    overlap: overlap(region, centreSquare(pixels.width, pixels.height)),
  };
}

async function imageFeatureRows(row: TrainRow, trainDir: string): Promise<FeatureRow[]> {
  const original = await decodeImage(
    new Uint8Array(await readFile(path.join(trainDir, row.path))),
    defaultLimits,
    defaultLimits.analysisMaxSide,
  );
  const faces = await detectFaces(original.pixels, 1, []);
  const largest = faces[0];
  const random = randomFor(row.path);
  const q1 = 40 + Math.round(random() * 50);
  const down = 0.25 + random() * 0.35;
  const q2 = 50 + Math.round(random() * 40);
  const variants: [string, DecodedImage][] = [
    ["original", original],
    [`jpeg-q${q1}`, await reencode(original.pixels, 1, q1)],
    [`down-${down.toFixed(2)}-q${q2}`, await reencode(original.pixels, down, q2)],
  ];
  const rows: FeatureRow[] = [];
  for (const [variant, image] of variants) {
    const box = largest ? scaled(largest.box, image.pixels.width / original.pixels.width) : undefined;
    const face = await faceFeatures(image.pixels, box);
    if (face && variant === "original" && largest) face.descriptor = compact(largest.descriptor);
    rows.push({
      key: `${row.path}|${variant}`,
      path: row.path,
      group: groupOf(row),
      system: row.system,
      synthetic: row.synthetic,
      source: "image",
      variant,
      whole: await embed(image.pixels),
      ...(face ? { face } : {}),
    });
  }
  return rows;
}

async function videoFeatureRows(row: TrainRow, trainDir: string): Promise<FeatureRow[]> {
  const bytes = new Uint8Array(await readFile(path.join(trainDir, row.path)));
  const probe = await sampleVideo(bytes, { ...defaultLimits, videoFramesPerSecond: 1, maxVideoFrames: 1 });
  const duration = probe.probe.durationSeconds;
  const sampling = trainingClipSampling(duration);
  const { frames } = await sampleVideo(bytes, {
    ...defaultLimits,
    videoFramesPerSecond: sampling.framesPerSecond,
    maxVideoFrames: sampling.maxFrames,
  });
  const rows: FeatureRow[] = [];
  for (const frame of frames) {
    const largest = (await detectFaces(frame.image, 1, []))[0];
    if (!largest) continue;
    const quality = 40 + Math.round(randomFor(`${row.path}@${frame.timeSeconds}`)() * 50);
    const recompressed = await reencode(frame.image, 1, quality);
    for (const [variant, pixels] of [
      ["original", frame.image],
      [`jpeg-q${quality}`, recompressed.pixels],
    ] as const) {
      const face = await faceFeatures(pixels, largest.box);
      if (!face) continue;
      if (variant === "original") face.descriptor = compact(largest.descriptor);
      rows.push({
        key: `${row.path}@${frame.timeSeconds.toFixed(3)}|${variant}`,
        path: row.path,
        group: groupOf(row),
        system: row.system,
        synthetic: row.synthetic,
        source: "video",
        variant,
        timeSeconds: frame.timeSeconds,
        heldOut: isHeldOutFrame(frame.timeSeconds, duration),
        face,
      });
    }
  }
  return rows;
}

async function readCache(cacheFile: string): Promise<Map<string, FeatureRow[]>> {
  const entries = await readJsonLines<{ path: string; rows: FeatureRow[] }>(cacheFile);
  return new Map(entries.map((entry) => [entry.path, entry.rows]));
}

async function extractFeatures(
  rows: TrainRow[],
  { trainDir, cacheDir }: ImageDetectorsFitOptions,
): Promise<FeatureRow[]> {
  const cacheFile = featureCacheFile(cacheDir);
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const cached = await readCache(cacheFile);
  const out: FeatureRow[] = [];
  let done = 0;
  for (const row of rows) {
    let features = cached.get(row.path);
    if (!features) {
      features = row.kind === "video" ? await videoFeatureRows(row, trainDir) : await imageFeatureRows(row, trainDir);
      await appendFile(cacheFile, `${JSON.stringify({ path: row.path, rows: features })}\n`);
    }
    out.push(...features);
    if (++done % 25 === 0) console.error(`features: ${done}/${rows.length} files`);
  }
  return out;
}

/**
 * Folds: one per generator (all of its pictures) and one per video pair (original and swap
 * together), so a fold's synthetic rows come from a system the rest of the fit never saw. The
 * genuine still pictures, from only a few sources, are dealt across the folds by file (a source
 * held out whole would leave, say, no camera photo in the fit and test nothing but that).
 */
const foldsOf = (rows: FeatureRow[]): number[] =>
  assignFolds(rows, {
    groupOf: (r) => (r.synthetic || r.source === "video" ? r.group : null),
    dealtBy: (r) => r.path,
    dealing: "digest-order",
  });

const LAMBDAS = [10, 30, 100, 300, 1000];
const today = new Date().toISOString().slice(0, 10);

interface HeadFit {
  head: LinearProbeHead;
  heldOutScores: number[];
  /** Each original picture's held-out probability, by path: what fit:fusion combines. */
  heldOutByPicture?: Record<string, number>;
}

/** Held-out probabilities of the original pictures (not their recompressed or cropped copies). */
function heldOutByPicture(fit: HeadFit, rowOf: (i: number) => FeatureRow): Record<string, number> {
  const out: Record<string, number> = {};
  fit.heldOutScores.forEach((score, i) => {
    const row = rowOf(i);
    if (row.source === "image" && row.variant === "original" && Number.isFinite(score)) out[row.path] = round(score);
  });
  return out;
}

/** fit:fusion reads the detectors' held-out readings from here, so the fusion is fitted on unseen-by-head scores. */
export const OUT_OF_FOLD_FILE = path.join(repoRoot, ".cache/synthetic-image/out-of-fold.json");

/**
 * Held-out original pictures caught at the "synthetic" level: the lowest threshold flagging at most
 * 1% of every genuine source's held-out originals (synthetic-levels.ts), as fit:fusion sets it.
 */
function caughtAtSyntheticLevel(examples: Example[], scores: number[], rowsOf: (i: number) => FeatureRow): number {
  const originals = examples.flatMap((e, i) => {
    const row = rowsOf(i);
    return row.source === "image" && row.variant === "original" && Number.isFinite(scores[i])
      ? [{ score: scores[i] as number, synthetic: e.y === 1, source: row.system }]
      : [];
  });
  if (!originals.some((o) => !o.synthetic)) return 0;
  const { synthetic } = deriveVerdictLevels(originals, "held-out folds");
  return Math.round(synthetic.truePositiveRate * synthetic.syntheticCount);
}

/**
 * `chooseBy`: "auc" picks λ by held-out AUC over every row; "synthetic-level" by the held-out
 * originals caught at the "synthetic" level (AUC breaking ties), the level a claim is made at.
 */
function fitHead(
  name: string,
  examples: Example[],
  rowsOf: (i: number) => FeatureRow,
  features: string,
  measuredOn: string,
  chooseBy: "auc" | "synthetic-level" = "auc",
): HeadFit {
  console.error(`${name}: ${examples.length} rows, ${new Set(examples.map((e) => e.fold)).size} folds`);
  let best: { lambda: number; auc: number; tpr: number; caught: number; scores: number[] } | undefined;
  const search: Record<string, { auc: number; tprAt2: number; caughtAtSyntheticLevel: number }> = {};
  for (const lambda of LAMBDAS) {
    const scores = outOfFold(examples, lambda);
    const { genuine, synthetic } = split(examples, scores);
    const auc = rocAuc(genuine, synthetic);
    const tpr = shareAtOrAbove(synthetic, thresholdForFpr(genuine, TARGET_FPR));
    const caught = caughtAtSyntheticLevel(examples, scores, rowsOf);
    search[String(lambda)] = { auc: round(auc), tprAt2: round(tpr), caughtAtSyntheticLevel: caught };
    console.error(
      `  lambda ${lambda}: held-out AUC ${auc.toFixed(4)}, TPR at 2% FPR ${tpr.toFixed(3)}, originals caught at the "synthetic" level ${caught}`,
    );
    const better =
      chooseBy === "synthetic-level"
        ? !best || caught > best.caught || (caught === best.caught && auc > best.auc)
        : !best || auc > best.auc + 1e-4 || (Math.abs(auc - best.auc) <= 1e-4 && tpr > best.tpr);
    if (better) best = { lambda, auc, tpr, caught, scores };
  }
  if (!best) throw new Error("no fit");
  const labels = examples.map((e) => e.y);
  const platt = fitPlatt(best.scores, labels, { l2: 1e-6 });
  const probabilities = best.scores.map((s) => sigmoid(platt.a * s + platt.b));
  const { genuine, synthetic } = split(examples, probabilities);
  const threshold = thresholdForFpr(genuine, TARGET_FPR);
  const byGroup: Record<string, { n: number; flagged: number; synthetic: boolean }> = {};
  examples.forEach((e, i) => {
    const key = `${e.group} (${e.y === 1 ? "synthetic" : "genuine"})`;
    const entry = byGroup[key] ?? { n: 0, flagged: 0, synthetic: e.y === 1 };
    entry.n++;
    if ((probabilities[i] as number) >= threshold) entry.flagged++;
    byGroup[key] = entry;
  });
  const originals = examples.map((_, i) => rowsOf(i).variant === "original");
  const originalSplit = split(
    examples.filter((_, i) => originals[i]),
    probabilities.filter((_, i) => originals[i]),
  );
  // The shipped probe: fitted on every row, standardisation folded into the weights.
  const standard = standardiser(examples.map((e) => e.x));
  const model = fitLogistic(
    examples.map((e) => ({ ...e, x: standard.apply(e.x) })),
    best.lambda,
  );
  const weights = Array.from(model.weights, (w, i) => w / (standard.scale[i] as number));
  const bias = model.bias - weights.reduce((sum, w, i) => sum + w * (standard.mean[i] as number), 0);
  const head: LinearProbeHead = {
    features,
    weights: weights.map((w) => Number(w.toPrecision(7))),
    bias: Number(bias.toPrecision(9)),
    platt: { a: Number(platt.a.toPrecision(7)), b: Number(platt.b.toPrecision(7)) },
    operatingPoint: {
      threshold: round(threshold),
      falsePositiveRate: round(shareAtOrAbove(genuine, threshold)),
      truePositiveRate: round(shareAtOrAbove(synthetic, threshold)),
      measuredOn,
    },
    fit: {
      script: "scripts/fit-image-detectors.ts (npm run fit:image)",
      date: today,
      rows: { genuine: genuine.length, synthetic: synthetic.length },
      crossValidation:
        "one fold per generator and per video pair (original and swap together), genuine still pictures dealt across the folds by file; a picture's copies stay in its fold",
      lambdaSearch: search,
      lambda: best.lambda,
      lambdaChosenBy:
        chooseBy === "auc" ? "held-out AUC" : 'held-out originals caught at the "synthetic" level (ties: AUC)',
      heldOutAuc: round(best.auc),
      heldOutAucOriginalsOnly: round(rocAuc(originalSplit.genuine, originalSplit.synthetic)),
      heldOutTprAtOperatingPointOriginalsOnly: round(shareAtOrAbove(originalSplit.synthetic, threshold)),
      heldOutFprAtOperatingPointOriginalsOnly: round(shareAtOrAbove(originalSplit.genuine, threshold)),
      heldOutByGroup: Object.fromEntries(
        Object.entries(byGroup).map(([group, e]) => [
          group,
          { rows: e.n, synthetic: e.synthetic, flagged: round(e.flagged / e.n) },
        ]),
      ),
    },
  };
  console.error(
    `  chose lambda ${best.lambda}: threshold ${head.operatingPoint.threshold}, FPR ${head.operatingPoint.falsePositiveRate}, TPR ${head.operatingPoint.truePositiveRate}`,
  );
  return { head, heldOutScores: probabilities };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function examplesOf(rows: FeatureRow[], vector: (row: FeatureRow) => number[] | undefined): Example[] {
  const folds = foldsOf(rows);
  const base = rows.map((row, i) => ({
    x: l2Normalised(vector(row) as number[]),
    y: (row.synthetic ? 1 : 0) as 0 | 1,
    group: row.group,
    fold: folds[i] as number,
  }));
  const weights = weighted(base);
  return base.map((e, i) => ({ ...e, weight: weights[i] as number }));
}

/** Held-out AUC of a probe on each candidate embedding of the same faces: what decides the face signal's input. */
function compareFaceEmbeddings(rows: FeatureRow[]): Record<string, number> {
  const comparable = rows.filter((r) => r.variant === "original" && r.face?.descriptor && r.face.crop);
  const out: Record<string, number> = { faces: comparable.length };
  const candidates: [string, (r: FeatureRow) => number[] | undefined][] = [
    ["clipFaceCrop", (r) => r.face?.crop],
    ["dlibDescriptor", (r) => r.face?.descriptor],
  ];
  const withWhole = comparable.filter((r) => r.whole);
  for (const [name, vector] of candidates) {
    const examples = examplesOf(comparable, vector);
    const { genuine, synthetic } = split(examples, outOfFold(examples, 10));
    out[name] = round(rocAuc(genuine, synthetic));
  }
  for (const [name, vector] of [
    ["clipFaceCropStillsOnly", (r: FeatureRow) => r.face?.crop],
    ["clipWholePictureStillsOnly", (r: FeatureRow) => r.whole],
  ] as const) {
    const examples = examplesOf(withWhole, vector);
    const { genuine, synthetic } = split(examples, outOfFold(examples, 10));
    out[name] = round(rocAuc(genuine, synthetic));
  }
  return out;
}

export async function fitImageDetectors(options: ImageDetectorsFitOptions): Promise<void> {
  const labels = (await readTrainLabels(options.trainDir)).filter(
    (row) => row.path.startsWith("images/") || row.path.startsWith("gan-faces/") || row.path.startsWith("video/"),
  );
  const { limit, only } = options;
  const chosen = limit ? labels.filter((_, i) => i % Math.ceil(labels.length / limit) === 0) : labels;
  const rows = await extractFeatures(chosen, options);
  if (options.featuresOnly) {
    await aiImageRows(chosen, limit !== undefined, options);
    return;
  }

  const written: [string, HeadFit][] = [];
  if (!only || only === "ai-image") {
    const pictureRows = await aiImageRows(chosen, limit !== undefined, options);
    const aiImage = fitHead(
      "ai-image",
      examplesOf(pictureRows, (r) => r.whole),
      (i) => pictureRows[i]!,
      `clip-vit-b16-fp32 class token after block${AI_IMAGE_BLOCKS.length > 1 ? "s" : ""} ${AI_IMAGE_BLOCKS.join(", ")} (0-based, before any layer norm) of the whole picture (analysis copy, centre 224 crop), each L2-normalised`,
      `../shared/train and packages' genuine press and portrait stills, held-out folds (one generator held out per fold; originals, JPEG q40-90, downscaled and face-cropped copies), ${today}`,
      "synthetic-level",
    );
    aiImage.head.clipBlocks = AI_IMAGE_BLOCKS;
    aiImage.heldOutByPicture = heldOutByPicture(aiImage, (i) => pictureRows[i] as FeatureRow);
    written.push(["ai-image-head.json", aiImage]);
  }
  if (only && only !== "face-synthetic") return writeHeads(written, limit);

  const faceRows = rows.filter((r) => r.face && !r.heldOut);
  written.push(["face-synthetic-head.json", await fitFaceSynthetic(rows, faceRows)]);
  await writeHeads(written, limit);
}

async function writeHeads(written: [string, HeadFit][], limit: number | undefined) {
  if (limit) {
    console.error("--limit given: heads not written");
    return;
  }
  const outOfFold: Record<string, Record<string, number>> = existsSync(OUT_OF_FOLD_FILE)
    ? JSON.parse(await readFile(OUT_OF_FOLD_FILE, "utf8"))
    : {};
  for (const [file, fit] of written) {
    await writeFile(path.join(headDir, file), `${JSON.stringify(fit.head, null, 1)}\n`);
    console.error(`wrote ${path.join(headDir, file)}`);
    if (fit.heldOutByPicture) outOfFold[file.replace(/-head\.json$/, "")] = fit.heldOutByPicture;
  }
  await writeFile(OUT_OF_FOLD_FILE, `${JSON.stringify(outOfFold)}\n`);
}

/**
 * The blocks whose class token the ai-image probe reads. RINE (Koutlis & Papadopoulos, ECCV 2024)
 * found CLIP's intermediate blocks generalise to unseen generators far better than its final
 * embedding; scripts/measure-rine.ts measured every block on these views and folds (docs/detection.md).
 */
const AI_IMAGE_BLOCKS = [8];

/**
 * The ai-image rows: every picture and its recompressed copies, each also cropped to its largest
 * face when that is a different view (a real photo cropped to a portrait is still a real photo, and
 * a generated one still generated: without them the probe took any close portrait for a generated
 * one), from rine-features.ts (the CLIP pass's block class tokens). The training clips' frames are
 * left to the face signal: the 204 genuine studio portraits now give the probe the portraits those
 * frames once stood in for.
 */
async function aiImageRows(
  chosen: TrainRow[],
  limited: boolean,
  { trainDir, cacheDir }: ImageDetectorsFitOptions,
): Promise<FeatureRow[]> {
  // Press, event and phone photos: the genuine kinds ../shared/train lacks (dealt across the folds
  // by file like every genuine still; the levels hold each package collection to its own 1% bar).
  const fromPackages = limited ? [] : await genuinePackagePictures(repoRoot);
  const pictures: (TrainRow & { file: string })[] = [
    ...chosen.filter((r) => r.kind === "image").map((r) => ({ ...r, file: path.join(trainDir, r.path) })),
    ...fromPackages.map((p) => ({
      path: p.key,
      file: p.file,
      kind: "image",
      synthetic: false,
      system: p.system,
      sourceRepo: p.from,
    })),
  ];
  const byPath = new Map(pictures.map((r) => [r.path, r]));
  const views = await viewsOf(
    pictures.map((r) => [r.path, r.file]),
    trainViewsCache(cacheDir),
    true,
  );
  return views.map((view) => {
    const row = byPath.get(view.path) as TrainRow;
    return {
      key: view.key,
      path: view.path,
      group: groupOf(row),
      system: row.system,
      synthetic: row.synthetic,
      source: "image",
      variant: view.faceCrop ? `${view.variant}+face-crop` : view.variant,
      whole: Array.from(probeInput({ clipBlocks: AI_IMAGE_BLOCKS }, clipFeaturesOf(view))),
    };
  });
}

async function fitFaceSynthetic(rows: FeatureRow[], faceRows: FeatureRow[]): Promise<HeadFit> {
  const comparison = compareFaceEmbeddings(faceRows);
  console.error("face embedding comparison (held-out AUC, originals):", comparison);
  const faceSynthetic = fitHead(
    "face-synthetic",
    examplesOf(faceRows, (r) => r.face?.crop),
    (i) => faceRows[i]!,
    "clip-vit-b16-fp32 image_embeds of the largest face's square crop (box × 1.3), L2-normalised",
    `../shared/train held-out folds (one generator or video pair held out per fold; face crops of pictures and video frames, recompressed copies), ${today}`,
  );
  faceSynthetic.head.fit.embeddingComparison = comparison;
  faceSynthetic.heldOutByPicture = heldOutByPicture(faceSynthetic, (i) => faceRows[i] as FeatureRow);

  // How far the whole-picture embedding may stand in for the face crop's (signals.ts reuses it).
  const reusable = rows.filter((r) => r.face && r.whole && r.face.overlap >= REUSE_WHOLE_PICTURE_AT_OVERLAP);
  const head = faceSynthetic.head;
  const differences = reusable.map((r) => {
    const crop = calibrated(head, rawScore(head, r.face!.crop));
    const whole = calibrated(head, rawScore(head, r.whole!));
    return {
      delta: Math.abs(crop - whole),
      agree: crop >= head.operatingPoint.threshold === whole >= head.operatingPoint.threshold,
    };
  });
  head.fit.wholePictureReuse = {
    overlapAtLeast: REUSE_WHOLE_PICTURE_AT_OVERLAP,
    faces: reusable.length,
    meanAbsoluteProbabilityDifference: round(
      differences.reduce((s, d) => s + d.delta, 0) / Math.max(1, differences.length),
    ),
    sameDecision: round(differences.filter((d) => d.agree).length / Math.max(1, differences.length)),
  };
  const heldOutFrames = rows.filter((r) => r.heldOut);
  head.fit.videoFramesHeldOut = `frames at or after ${HELD_OUT_FROM * 100}% of each training clip's duration (${heldOutFrames.length} rows): not fitted on`;
  return faceSynthetic;
}
