/**
 * What the picture fits share (fit-image-detectors.ts, fit-face-swap-sbi.ts): per-file random
 * numbers, so a refit builds the same variants; the recompressed and downscaled copies found media
 * arrives as; boxes carried to a scaled copy; features rounded for the caches.
 */
import { createHash } from "node:crypto";
import { type DecodedImage, decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import type { Box } from "@lg/detection/result";
import sharp from "sharp";

export const compact = (vector: ArrayLike<number>) => Array.from(vector, (v) => Math.round(v * 1e5) / 1e5);

/** Deterministic per-file random numbers, so a refit builds the same variants. */
export function randomFor(key: string): () => number {
  let state = createHash("sha256").update(key).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The picture JPEG-encoded at `quality` (after downscaling to `scale` of its width when below 1), decoded as analysed. */
export async function reencode(pixels: RgbImage, scale: number, quality: number): Promise<DecodedImage> {
  const { width, height } = pixels;
  let pipeline = sharp(pixels.data, { raw: { width, height, channels: 3 } });
  if (scale < 1) pipeline = pipeline.resize({ width: Math.max(32, Math.round(width * scale)) });
  const jpeg = await pipeline.jpeg({ quality }).toBuffer();
  return decodeImage(new Uint8Array(jpeg), defaultLimits, defaultLimits.analysisMaxSide);
}

export const scaled = (box: Box, by: number): Box => ({
  x: box.x * by,
  y: box.y * by,
  width: box.width * by,
  height: box.height * by,
});
