/**
 * Fits the face-swap head on Self-Blended Images (`npm run fit:face-swap-sbi [-- --limit N]`):
 * pseudo-fakes made from ../shared/train's genuine faces alone (packages/detection/src/faceswap/
 * self-blended.ts), so no swap method's output is in the fit, and the head is measured on every
 * swap it never saw.
 *
 * - Fit rows: the largest face of every genuine still picture of ../shared/train (images/: camera,
 *   face and FFHQ photos, the webmorph studio portraits; gan-faces/' FFHQ tiles), as found (and
 *   JPEG re-encoded, and downscaled plus JPEG), and three self-blended copies of it (as made, JPEG,
 *   downscaled plus JPEG), and the faces of the training swap clips' originals (with one blend each).
 *   The head reads the ring residual features (blend-residuals.ts); CLIP ViT-B/16 of the same crop
 *   (the face-synthetic signal's; the genuine stills' embeddings from fit:image's cache) is fitted
 *   the same way for comparison and recorded beside it, as is their mean.
 * - Regularisation by 5-fold cross-validation on those rows, folds by person (a webmorph subject's
 *   two portraits together) with each picture's blends in its picture's fold; Platt scaling on the
 *   held-out-fold scores; the operating point flags at most 1% of the held-out genuine faces.
 * - Measured, never fitted on: every face-swap picture of ../shared/data (fake-images/mesonet) against
 *   its genuine pictures with a face and the frames of its genuine video, and every sampled frame of
 *   ../shared/train's swap clips (inswapper, FaceForensics++, DeeperForensics) against their
 *   originals' frames, each clip by a head refitted without its original's faces.
 * Features are cached in .cache/face-swap-sbi/ (gitignored), keyed by the residual features' version and the CLIP
 * encoder's name.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "../packages/detection/src/detection-rates.js";
import { detectFaces } from "../packages/detection/src/face/detect-faces.js";
import { BLEND_RESIDUAL_VERSION, blendResidualFeatures } from "../packages/detection/src/faceswap/blend-residuals.js";
import { randomBlendParameters, selfBlend } from "../packages/detection/src/faceswap/self-blended.js";
import { readLabels } from "../packages/detection/src/labelled-data.js";
import { type DecodedImage, decodeImage, type RgbImage } from "../packages/detection/src/media/image.js";
import { defaultLimits } from "../packages/detection/src/media/limits.js";
import { sampleVideo } from "../packages/detection/src/media/video.js";
import type { Box, DetectedFace } from "../packages/detection/src/result.js";
import { clipImageEncoder } from "../packages/detection/src/synthetic-image/clip-encoder.js";
import { clipInput, cropPixels, faceCropRegion } from "../packages/detection/src/synthetic-image/clip-input.js";
import { trainingClipSampling } from "../packages/detection/src/synthetic-image/held-out-frames.js";
import { l2Normalised, sigmoid } from "../packages/detection/src/synthetic-image/linear-probe.js";
import { fitLogistic, fitPlatt, linearScore } from "../packages/detection/src/voice-synthetic/logistic.js";
import { compact, randomFor, reencode, scaled } from "./fit-variants.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    data: { type: "string", default: path.resolve(repoRoot, "../shared/data") },
    limit: { type: "string" },
    "features-only": { type: "boolean", default: false },
  },
});
const trainDir = path.resolve(values.train as string);
const dataDir = path.resolve(values.data as string);
const encoderName = clipImageEncoder().name;
const cacheDir = path.join(repoRoot, ".cache/face-swap-sbi");
// Rows are cached per version of the residual features; CLIP embeddings of any earlier version's rows are reused by key.
const cacheFile = path.join(cacheDir, `rows-r${BLEND_RESIDUAL_VERSION}-${encoderName}.jsonl`);
const clipByKey = new Map<string, number[]>();
const imageCacheFile = path.join(repoRoot, `.cache/synthetic-image/features-${encoderName}.jsonl`);
const headFile = path.join(repoRoot, "packages/detection/src/faceswap/sbi-head.json");
const MIN_FACE = 40;
const TARGET_FPR = 0.01;

interface Row {
  key: string;
  /** Cross-validation group (fit rows) or evaluation set (measured rows). */
  group: string;
  role: "fit" | "measure";
  synthetic: boolean;
  variant: string;
  residual: number[];
  clip?: number[];
}

async function clipOfFace(key: string, pixels: RgbImage, box: Box): Promise<number[]> {
  const known = clipByKey.get(key);
  if (known) return known;
  const crop = cropPixels(pixels, faceCropRegion(box, pixels.width, pixels.height));
  return compact(await clipImageEncoder().predict(await clipInput(crop)));
}

async function decodeAnalysisCopy(file: string): Promise<DecodedImage> {
  return decodeImage(new Uint8Array(await readFile(file)), defaultLimits, defaultLimits.analysisMaxSide);
}

async function largestFace(pixels: RgbImage): Promise<DetectedFace | undefined> {
  const face = (await detectFaces(pixels, 1, []))[0];
  return face && Math.min(face.box.width, face.box.height) >= MIN_FACE ? face : undefined;
}

/**
 * A genuine face as found and recompressed, and its self-blended copies (residual features; CLIP
 * too for the blends and, where asked, for the genuine rows). `degradations` picks, per row, how it
 * is degraded: 0 as made, 1 JPEG, 2 downscaled plus JPEG.
 */
async function blendRows(
  key: string,
  pixels: RgbImage,
  group: string,
  plan: { genuine: number[]; blends: number[]; genuineClip: boolean },
): Promise<Row[]> {
  const face = await largestFace(pixels);
  if (!face) return [];
  const random = randomFor(`sbi:${key}`);
  const rows: Row[] = [];
  const degrade = async (source: RgbImage, how: number): Promise<[string, RgbImage, number]> => {
    if (how === 0) return ["as-made", source, 1];
    const quality = 50 + Math.round(random() * 45);
    if (how === 1) return [`jpeg-q${quality}`, (await reencode(source, 1, quality)).pixels, 1];
    const down = 0.4 + random() * 0.4;
    const reduced = (await reencode(source, down, quality)).pixels;
    return [`down-${down.toFixed(2)}-q${quality}`, reduced, reduced.width / source.width];
  };
  const row = async (rowKey: string, synthetic: boolean, variant: string, image: RgbImage, box: Box, clip: boolean) =>
    rows.push({
      key: rowKey,
      group,
      role: "fit",
      synthetic,
      variant,
      residual: compact(blendResidualFeatures(image, box)),
      ...(clip ? { clip: await clipOfFace(rowKey, image, box) } : {}),
    });
  for (const how of plan.genuine) {
    const [variant, image, by] = await degrade(pixels, how);
    await row(`${key}|genuine|${variant}`, false, variant, image, scaled(face.box, by), plan.genuineClip);
  }
  for (const [blend, how] of plan.blends.entries()) {
    const blended = selfBlend(pixels, face, randomBlendParameters(random)).image;
    const [variant, image, by] = await degrade(blended, how);
    await row(`${key}|sbi${blend}|${variant}`, true, variant, image, scaled(face.box, by), true);
  }
  return rows;
}

async function fitRows(file: string, group: string): Promise<Row[]> {
  const original = await decodeAnalysisCopy(path.join(trainDir, file));
  return blendRows(file, original.pixels, group, { genuine: [0, 1, 2], blends: [0, 1, 2], genuineClip: false });
}

/** A genuine clip's frames as fit rows (group clip:<pair>, left out when that pair is measured), one blend per frame. */
async function clipFitRows(file: string, pair: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, frame] of (await videoFrames(path.join(trainDir, file))).entries())
    rows.push(
      ...(await blendRows(`${file}${frame.at}`, frame.pixels, `clip:${pair}`, {
        genuine: [i % 2],
        blends: [i % 3],
        genuineClip: true,
      })),
    );
  return rows;
}

/** Faces of pictures and frames never fitted on, in the named evaluation set. */
async function measuredRows(
  key: string,
  set: string,
  synthetic: boolean,
  frames: { pixels: RgbImage; at: string }[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const frame of frames) {
    const face = await largestFace(frame.pixels);
    if (!face) continue;
    rows.push({
      key: `${key}${frame.at}`,
      group: set,
      role: "measure",
      synthetic,
      variant: "original",
      residual: compact(blendResidualFeatures(frame.pixels, face.box)),
      clip: await clipOfFace(`${key}${frame.at}`, frame.pixels, face.box),
    });
  }
  return rows;
}

async function videoFrames(file: string, framesPerSecond?: number): Promise<{ pixels: RgbImage; at: string }[]> {
  const bytes = new Uint8Array(await readFile(file));
  const probe = await sampleVideo(bytes, { ...defaultLimits, videoFramesPerSecond: 1, maxVideoFrames: 1 });
  const sampling = framesPerSecond
    ? { framesPerSecond, maxFrames: defaultLimits.maxVideoFrames }
    : trainingClipSampling(probe.probe.durationSeconds);
  const { frames } = await sampleVideo(bytes, {
    ...defaultLimits,
    videoFramesPerSecond: sampling.framesPerSecond,
    maxVideoFrames: sampling.maxFrames,
  });
  return frames.map((frame) => ({ pixels: frame.image, at: `@${frame.timeSeconds.toFixed(3)}` }));
}

interface Source {
  key: string;
  make: () => Promise<Row[]>;
}

async function sources(limit: number | undefined): Promise<Source[]> {
  const [header = "", ...lines] = (await readFile(path.join(trainDir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const columns = header.split(",");
  const cell = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? "";
  const out: Source[] = [];
  const genuineStills = lines
    .map((line) => line.split(","))
    .filter(
      (cells) =>
        cell(cells, "synthetic") === "0" &&
        cell(cells, "kind") === "image" &&
        cell(cells, "split") !== "cross-system-test",
    );
  const chosen = limit
    ? genuineStills.filter((_, i) => i % Math.ceil(genuineStills.length / limit) === 0)
    : genuineStills;
  for (const cells of chosen) {
    const file = cell(cells, "path");
    const group = cell(cells, "subject") || file;
    out.push({ key: `train:${file}`, make: () => fitRows(file, group) });
  }
  const swapClips = lines.map((line) => line.split(",")).filter((cells) => cell(cells, "kind") === "video");
  for (const cells of swapClips) {
    const file = cell(cells, "path");
    const pair = file.replace(/^video\/(roop|ff|dfo).*/, "$1");
    const synthetic = cell(cells, "synthetic") === "1";
    out.push({
      key: `train:${file}`,
      make: async () =>
        measuredRows(`train:${file}`, `train-clips:${pair}`, synthetic, await videoFrames(path.join(trainDir, file))),
    });
    // The originals' genuine faces are SBI material too; measuring a pair refits without its clip.
    if (!synthetic) out.push({ key: `train-fit:${file}`, make: () => clipFitRows(file, pair) });
  }
  for (const row of await readLabels(dataDir)) {
    if (row.synthetic === undefined || row.kind === "speech") continue;
    const file = path.join(dataDir, row.path);
    const isSwap = row.path.includes("fake-images/mesonet/test_images/df/");
    // Generated (not swapped) pictures are the ai-image and face-synthetic signals' business.
    if (row.synthetic && !isSwap) continue;
    out.push({
      key: `data:${row.path}`,
      make: async () =>
        measuredRows(
          `data:${row.path}`,
          row.kind === "video" ? "data:video" : "data:pictures",
          row.synthetic === true,
          row.kind === "video"
            ? await videoFrames(file, 1)
            : [{ pixels: (await decodeAnalysisCopy(file)).pixels, at: "" }],
        ),
    });
  }
  return out;
}

async function readJsonl<T>(file: string): Promise<T[]> {
  if (!existsSync(file)) return [];
  return (await readFile(file, "utf8"))
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

async function extract(limit: number | undefined): Promise<Row[]> {
  await mkdir(cacheDir, { recursive: true });
  for (const name of await readdir(cacheDir))
    if (name.endsWith(`-${encoderName}.jsonl`))
      for (const entry of await readJsonl<{ rows: Row[] }>(path.join(cacheDir, name)))
        for (const row of entry.rows) if (row.clip) clipByKey.set(row.key, row.clip);
  const cached = new Map((await readJsonl<{ key: string; rows: Row[] }>(cacheFile)).map((e) => [e.key, e.rows]));
  const out: Row[] = [];
  const all = await sources(limit);
  let done = 0;
  for (const source of all) {
    let rows = cached.get(source.key);
    if (!rows) {
      rows = await source.make();
      await appendFile(cacheFile, `${JSON.stringify({ key: source.key, rows })}\n`);
    }
    out.push(...rows);
    if (++done % 20 === 0) console.error(`features: ${done}/${all.length} files`);
  }
  return out;
}

/** fit:image's CLIP embeddings of the genuine training faces (as found, JPEG, downscaled), by picture. */
async function cachedGenuineClip(): Promise<Map<string, { variant: string; crop: number[] }[]>> {
  type Cached = { path: string; rows: { variant: string; synthetic: boolean; face?: { crop: number[] } }[] };
  const out = new Map<string, { variant: string; crop: number[] }[]>();
  for (const entry of await readJsonl<Cached>(imageCacheFile))
    out.set(
      entry.path,
      entry.rows.flatMap((r) => (r.face && !r.synthetic ? [{ variant: r.variant, crop: r.face.crop }] : [])),
    );
  return out;
}

// ---- fitting ----

interface Example {
  x: Float64Array;
  y: 0 | 1;
  fold: number;
  set: string;
}

const foldOf = (group: string) => createHash("sha256").update(group).digest().readUInt32LE(0) % 5;

function fitOn(examples: Example[], lambda: number) {
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

const score = (head: ReturnType<typeof fitOn>, x: Float64Array) => linearScore(head, Float32Array.from(x));
const round = (v: number) => Math.round(v * 1e4) / 1e4;
const LAMBDAS = [0.0003, 0.001, 0.003, 0.01, 0.03, 0.1];

function aucOf(examples: Example[], scores: number[]): number {
  return rocAuc(
    scores.filter((_, i) => examples[i]!.y === 0),
    scores.filter((_, i) => examples[i]!.y === 1),
  );
}

function fitInput(name: string, fit: Example[], measured: Example[]) {
  let best: { lambda: number; auc: number; scores: number[] } | undefined;
  const search: Record<string, number> = {};
  for (const lambda of LAMBDAS) {
    const scores = new Array<number>(fit.length).fill(Number.NaN);
    for (let fold = 0; fold < 5; fold++) {
      const head = fitOn(
        fit.filter((e) => e.fold !== fold),
        lambda,
      );
      fit.forEach((e, i) => {
        if (e.fold === fold) scores[i] = score(head, e.x);
      });
    }
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

async function main() {
  const limit = values.limit ? Number(values.limit) : undefined;
  const rows = await extract(limit);
  if (values["features-only"]) return;
  const genuineClip = await cachedGenuineClip();
  const fitRowsAll = rows.filter((r) => r.role === "fit");
  const measured = rows.filter((r) => r.role === "measure");

  const residualFit: Example[] = fitRowsAll.map((r) => ({
    x: Float64Array.from(r.residual),
    y: r.synthetic ? 1 : 0,
    fold: foldOf(r.group),
    set: r.group,
  }));
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
    measured.map((r) => ({ x: vector(r), y: r.synthetic ? 1 : 0, fold: -1, set: r.group }));
  console.error(
    `fit rows: residual ${residualFit.length}, clip ${clipFit.length} (${clipFit.filter((e) => e.y === 0).length} genuine); measured ${measured.length} (${measured.filter((r) => r.synthetic).length} swapped)`,
  );
  const residual = fitInput(
    "residual",
    residualFit,
    measuredOf((r) => Float64Array.from(r.residual)),
  );
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
  if (limit) return console.error("--limit given: head not written");

  const chosenName = "residual";
  const chosen = residual;
  const today = new Date().toISOString().slice(0, 10);
  const head = {
    input: chosenName,
    features: "blend-residuals ring features of the largest face's square crop (box × 1.3)",
    weights: Array.from(chosen.head.weights, (w) => Number(w.toPrecision(7))),
    bias: Number(chosen.head.bias.toPrecision(9)),
    platt: { a: Number(chosen.platt.a.toPrecision(7)), b: Number(chosen.platt.b.toPrecision(7)) },
    operatingPoint: {
      threshold: round(chosen.threshold),
      falsePositiveRate: round(chosen.heldOutGenuineFlagged),
      truePositiveRate: round(chosen.heldOutSbiFlagged),
      measuredOn: `../shared/train's genuine faces and their self-blended copies, 5 held-out folds by person (${chosen.heldOutGenuine} genuine face rows), ${today}`,
    },
    fit: {
      script: "scripts/fit-face-swap-sbi.ts (npm run fit:face-swap-sbi)",
      date: today,
      method:
        "Self-Blended Images (Shiohara & Yamasaki, CVPR 2022) from genuine faces only; no swap method's output in the fit",
      lambda: chosen.lambda,
      lambdaSearch: chosen.search,
      heldOutSbiAuc: chosen.heldOutSbiAuc,
      unseenSwaps: { auc: round(chosen.swapAuc), bySet: chosen.bySet },
      comparison: {
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
    },
  };
  await writeFile(headFile, `${JSON.stringify(head, null, 1)}\n`);
  console.error(`wrote ${headFile}`);
}

await main();
