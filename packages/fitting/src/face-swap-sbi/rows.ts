/**
 * fit:face-swap-sbi's rows: the residual features (and, where asked, CLIP's) of genuine faces, their
 * self-blended copies and the swaps it only measures, each as found or degraded (fit.ts says which).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { blendResidualFeatures } from "@lg/detection/faceswap/blend-residuals";
import { type DecodedImage, decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { fullClipImageEncoder } from "@lg/detection/models/registry";
import type { Box, DetectedFace } from "@lg/detection/result";
import { HIDDEN_SIZE } from "@lg/detection/synthetic-image/clip-block-outputs";
import { clipInput, cropPixels, faceCropRegion } from "@lg/detection/synthetic-image/clip-input";
import { graded } from "@lg/fitting/face-swap-sbi/looks";
import { clipFrames } from "@lg/fitting/face-swap-sbi-material";
import { randomBlendParameters, selfBlend } from "@lg/fitting/self-blended";
import { compact, randomFor, reencode, scaled } from "@lg/fitting/variants";

const MIN_FACE = 40;

/** What making rows reads besides the pictures. */
export interface RowContext {
  /** ../shared/train. */
  trainDir: string;
  /** --features clip-blocks: also read CLIP's class token after each block (blocksOfFace). */
  withBlocks: boolean;
  /** CLIP embeddings an earlier run cached, by row key: reused instead of a CLIP pass. */
  clipByKey: Map<string, number[]>;
}

export interface Row {
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
async function blocksOfFace(context: RowContext, pixels: RgbImage, box: Box): Promise<{ blocks?: string }> {
  if (!context.withBlocks) return {};
  const crop = cropPixels(pixels, faceCropRegion(box, pixels.width, pixels.height));
  const { blockCls } = await fullClipImageEncoder().features(await clipInput(crop));
  const all = new Float32Array(blockCls.length * HIDDEN_SIZE);
  blockCls.forEach((cls, i) => {
    all.set(cls, i * HIDDEN_SIZE);
  });
  return { blocks: Buffer.from(all.buffer).toString("base64") };
}

export function blockOf(row: Row, block: number): Float32Array {
  if (!row.blocks) throw new Error(`row ${row.key} has no CLIP block tokens`);
  const bytes = Buffer.from(row.blocks, "base64");
  return new Float32Array(
    bytes.buffer.slice(bytes.byteOffset + block * HIDDEN_SIZE * 4, bytes.byteOffset + (block + 1) * HIDDEN_SIZE * 4),
  );
}

async function clipOfFace(context: RowContext, key: string, pixels: RgbImage, box: Box): Promise<number[]> {
  const known = context.clipByKey.get(key);
  if (known) return known;
  const crop = cropPixels(pixels, faceCropRegion(box, pixels.width, pixels.height));
  return compact(await fullClipImageEncoder().predict(await clipInput(crop)));
}

export async function decodeAnalysisCopy(file: string): Promise<DecodedImage> {
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
  context: RowContext,
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
      ...(clip ? { clip: await clipOfFace(context, rowKey, image, box) } : {}),
      ...(await blocksOfFace(context, image, box)),
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

export async function fitRows(context: RowContext, file: string, group: string): Promise<Row[]> {
  const original = await decodeAnalysisCopy(path.join(context.trainDir, file));
  return blendRows(context, file, original.pixels, group, {
    genuine: [0, 1, 2],
    blends: [0, 1, 2],
    genuineClip: false,
  });
}

/**
 * A genuine clip's frames as fit rows (group clip:<pair>, left out when that pair is measured), one
 * blend per frame; `graded`: every other frame regraded (with its blend), no CLIP.
 */
export async function clipFitRows(context: RowContext, file: string, pair: string, graded = false): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, frame] of (await videoFrames(path.join(context.trainDir, file))).entries()) {
    if (graded && i % 2 === 1) continue;
    rows.push(
      ...(await blendRows(
        context,
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
export async function gradedFitRows(context: RowContext, file: string, group: string): Promise<Row[]> {
  const original = await decodeAnalysisCopy(path.join(context.trainDir, file));
  return blendRows(context, `${file}|graded`, original.pixels, group, {
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
export async function packageStillRows(context: RowContext, file: string, key: string, source: string): Promise<Row[]> {
  const { pixels } = await decodeAnalysisCopy(file);
  const faces = (await detectFaces(pixels, 1, []))
    .filter((face) => Math.min(face.box.width, face.box.height) >= MIN_FACE)
    .slice(0, MAX_FACES_PER_PICTURE);
  const rows: Row[] = [];
  for (const [i, face] of faces.entries())
    rows.push(
      ...(await blendRows(
        context,
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
export async function packageClipRows(context: RowContext, file: string, key: string, source: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, frame] of (await videoFrames(file)).entries())
    rows.push(
      ...(await blendRows(context, `${key}${frame.at}`, frame.pixels, source, {
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
export async function measuredRows(
  context: RowContext,
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
      clip: await clipOfFace(context, `${key}${frame.at}`, frame.pixels, face.box),
      ...(await blocksOfFace(context, frame.pixels, face.box)),
    });
  }
  return rows;
}

export async function videoFrames(file: string, framesPerSecond?: number): Promise<{ pixels: RgbImage; at: string }[]> {
  const frames = await clipFrames(new Uint8Array(await readFile(file)), framesPerSecond);
  return frames.map((frame) => ({ pixels: frame.pixels, at: `@${frame.timeSeconds.toFixed(3)}` }));
}

export function sourceOf(row: Row, systems: Map<string, string>): string {
  if (row.source) return row.source;
  if (row.group.startsWith("clip:")) return `train-clip:${row.group.slice("clip:".length)}`;
  return `train:${systems.get(row.key.split("|")[0] as string) || "unknown"}`;
}
