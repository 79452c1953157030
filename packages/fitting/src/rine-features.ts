/**
 * CLIP features of every view the picture fits read (measure-rine.ts, issue 25): for each picture,
 * the original and its two recompressed copies (the same per-file variants as fit:image), each
 * whole and, when it is a different view, cropped to its largest face. One CLIP pass per view gives
 * the projected embedding, the class token after each of the 12 blocks and before projection
 * (clip-block-outputs.ts). Cached as base64 float32 (gitignored; ≈ 60 KB a view): the training
 * views in .cache/synthetic-image/views-<encoder>.jsonl, which `npm run fit:image` reads too.
 */
import { appendFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { type DecodedImage, decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { fullClipImageEncoder } from "@lg/detection/models/registry";
import { BLOCK_COUNT, HIDDEN_SIZE } from "@lg/detection/synthetic-image/clip-block-outputs";
import { CLIP_EMBEDDING_SIZE, type ClipFeatures } from "@lg/detection/synthetic-image/clip-encoder";
import {
  centreSquare,
  clipInput,
  cropPixels,
  faceCropRegion,
  MIN_FACE_PX,
  overlap,
} from "@lg/detection/synthetic-image/clip-input";
import { readJsonLines } from "@lg/fitting/json-lines";
import { randomFor, reencode, scaled } from "./variants.js";

/** One view's features: embeds (512), then 12 block class tokens and the pre-projection one (768 each). */
export interface View {
  /** path|variant[+face-crop] */
  key: string;
  path: string;
  variant: string;
  faceCrop: boolean;
  features: Float32Array;
}

export const VIEW_LENGTH = CLIP_EMBEDDING_SIZE + (BLOCK_COUNT + 1) * HIDDEN_SIZE;

/** The slice of a view's features: "embeds", block 0-11, or "pre" (the pre-projection class token). */
export function featureSlice(view: View, which: "embeds" | "pre" | number): Float32Array {
  if (which === "embeds") return view.features.subarray(0, CLIP_EMBEDDING_SIZE);
  const index = which === "pre" ? BLOCK_COUNT : which;
  const start = CLIP_EMBEDDING_SIZE + index * HIDDEN_SIZE;
  return view.features.subarray(start, start + HIDDEN_SIZE);
}

/** The views' features as one CLIP pass gives them, e.g. for probeInput(). */
export function clipFeaturesOf(view: View): ClipFeatures {
  return {
    embeds: featureSlice(view, "embeds"),
    blockCls: Array.from({ length: BLOCK_COUNT }, (_, b) => featureSlice(view, b)),
    preProjection: featureSlice(view, "pre"),
  };
}

/** Where the training pictures' views are cached, by the encoder that made them. */
export const trainViewsCache = (cacheDir: string) => path.join(cacheDir, `views-${fullClipImageEncoder().name}.jsonl`);

async function viewFeatures(pixels: RgbImage): Promise<Float32Array> {
  const f = await fullClipImageEncoder().features(await clipInput(pixels));
  if (!f.embeds || !f.preProjection) throw new Error("The whole CLIP encoder gave no embedding");
  const out = new Float32Array(VIEW_LENGTH);
  out.set(f.embeds, 0);
  f.blockCls.forEach((b, i) => {
    out.set(b, CLIP_EMBEDDING_SIZE + i * HIDDEN_SIZE);
  });
  out.set(f.preProjection, CLIP_EMBEDDING_SIZE + BLOCK_COUNT * HIDDEN_SIZE);
  return out;
}

/** The views of one picture; `variants: false` reads the original only (held-out pictures). */
async function pictureViews(file: string, key: string, variants: boolean): Promise<View[]> {
  const original = await decodeImage(
    new Uint8Array(await readFile(file)),
    defaultLimits,
    defaultLimits.analysisMaxSide,
  );
  const largest = (await detectFaces(original.pixels, 1, []))[0];
  const copies: [string, DecodedImage][] = [["original", original]];
  if (variants) {
    // The same draws, in the same order, as fit-image-detectors.ts.
    const random = randomFor(key);
    const q1 = 40 + Math.round(random() * 50);
    const down = 0.25 + random() * 0.35;
    const q2 = 50 + Math.round(random() * 40);
    copies.push([`jpeg-q${q1}`, await reencode(original.pixels, 1, q1)]);
    copies.push([`down-${down.toFixed(2)}-q${q2}`, await reencode(original.pixels, down, q2)]);
  }
  const views: View[] = [];
  for (const [variant, image] of copies) {
    const { pixels } = image;
    views.push({ key: `${key}|${variant}`, path: key, variant, faceCrop: false, features: await viewFeatures(pixels) });
    const box = largest ? scaled(largest.box, pixels.width / original.pixels.width) : undefined;
    if (!box || Math.min(box.width, box.height) < MIN_FACE_PX) continue;
    const region = faceCropRegion(box, pixels.width, pixels.height);
    if (overlap(region, centreSquare(pixels.width, pixels.height)) >= 0.9) continue;
    views.push({
      key: `${key}|${variant}+face-crop`,
      path: key,
      variant,
      faceCrop: true,
      features: await viewFeatures(cropPixels(pixels, region)),
    });
  }
  return views;
}

const encode = (f: Float32Array) => Buffer.from(f.buffer, f.byteOffset, f.byteLength).toString("base64");
const decode = (s: string) => {
  const bytes = Buffer.from(s, "base64");
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

/** Views of `files` (key → absolute path), read from `cacheFile` or computed and appended to it. */
export async function viewsOf(
  files: [string, string][],
  cacheFile: string,
  variants: boolean,
  computeMissing = true,
  alsoCached: string[] = [],
): Promise<View[]> {
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const cached = new Map<string, View[]>();
  for (const file of [...alsoCached, cacheFile])
    for (const entry of await readJsonLines<{ path: string; views: (Omit<View, "features"> & { features: string })[] }>(
      file,
    ))
      cached.set(
        entry.path,
        entry.views.map((v) => ({ ...v, features: decode(v.features) })),
      );
  const out: View[] = [];
  let done = 0;
  for (const [key, file] of files) {
    let views = cached.get(key);
    if (!views && !computeMissing) continue;
    if (!views) {
      views = await pictureViews(file, key, variants);
      const line = { path: key, views: views.map((v) => ({ ...v, features: encode(v.features) })) };
      await appendFile(cacheFile, `${JSON.stringify(line)}\n`);
    }
    out.push(...views);
    if (++done % 25 === 0) console.error(`features: ${done}/${files.length} pictures (${path.basename(cacheFile)})`);
  }
  return out;
}
