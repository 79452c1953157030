import sharp from "sharp";
import type { RgbImage } from "../media/image.js";
import type { Box } from "../result.js";

/**
 * CLIP ViT-B/16's input: the picture resized (bicubic) so its shorter side is 224, the central
 * 224×224 square, scaled to 0..1 and normalised with CLIP's channel means and deviations, as
 * planar float32 [1, 3, 224, 224]. The fitted heads were fitted on exactly this preparation of
 * the analysis copy (scripts/fit-image-detectors.ts), so it must not change without a refit.
 */

export const CLIP_SIZE = 224;
const MEAN = [0.48145466, 0.4578275, 0.40821073] as const;
const STD = [0.26862954, 0.26130258, 0.27577711] as const;

/** Where CLIP's centre crop lies in the picture passed in (that picture's pixel coordinates). */
export function centreSquare(width: number, height: number): Box {
  const side = Math.min(width, height);
  return { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side };
}

export async function clipInput(image: RgbImage): Promise<Float32Array> {
  const { width, height } = image;
  const { data, info } = await sharp(image.data, { raw: { width, height, channels: 3 } })
    .resize({ width: CLIP_SIZE, height: CLIP_SIZE, fit: "cover", position: "centre", kernel: "cubic" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== CLIP_SIZE || info.height !== CLIP_SIZE || info.channels !== 3)
    throw new Error(`CLIP input came out ${info.width}×${info.height}×${info.channels}`);
  const plane = CLIP_SIZE * CLIP_SIZE;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++)
    for (let c = 0; c < 3; c++)
      out[c * plane + i] = ((data[i * 3 + c] as number) / 255 - (MEAN[c] as number)) / (STD[c] as number);
  return out;
}

/** Faces smaller than this (shorter box side, analysis-copy pixels) carry too few pixels to judge; the fit left them out too. */
export const MIN_FACE_PX = 20;

/** Context kept around a face box: forgery traces sit at the blend boundary, just outside the box. */
export const FACE_CROP_MARGIN = 1.3;

/**
 * The square around a face box (box side × FACE_CROP_MARGIN, centred on the box) clipped to the
 * picture, in the picture's pixels. Only the box is used, so any detector's box will do.
 */
export function faceCropRegion(box: Box, width: number, height: number): Box {
  const side = Math.max(box.width, box.height) * FACE_CROP_MARGIN;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x0 = Math.max(0, Math.round(cx - side / 2));
  const y0 = Math.max(0, Math.round(cy - side / 2));
  const x1 = Math.min(width, Math.round(cx + side / 2));
  const y1 = Math.min(height, Math.round(cy + side / 2));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

export function cropPixels(image: RgbImage, region: Box): RgbImage {
  const { x, y, width, height } = region;
  const data = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 3;
    data.set(image.data.subarray(from, from + width * 3), row * width * 3);
  }
  return { data, width, height };
}

/**
 * Overlap (IoU) between the face crop and CLIP's centre square from which the whole-picture
 * embedding stands in for the face crop's, saving a second CLIP call: the fit reports how often
 * the two give the same decision on training faces (face-synthetic-head.json, wholePictureReuse).
 */
export const REUSE_WHOLE_PICTURE_AT_OVERLAP = 0.6;

/** Intersection over union of two boxes. */
export function overlap(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
