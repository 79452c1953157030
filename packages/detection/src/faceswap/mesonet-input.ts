import sharp from "sharp";
import type { RgbImage } from "../media/image.js";
import type { Box } from "../result.js";

/** The network's graph input (crops [N × 3 × 256 × 256]) and output (p(real) per crop); derive/mesonet-graph.ts builds it. */
export const MESONET_INPUT = "crops";
export const MESONET_OUTPUT = "p_real";
export const MESONET_SIZE = 256;

export type MesoNetVariant = "meso4" | "mesoinception4";

/**
 * MesoNet's input for one face: a square around the detector's box (in the analysis copy's
 * pixels), enlarged so the blend boundary of a swap, just outside the box, is in view, resized to
 * 256×256 and scaled to [0, 1] as planar RGB (the repo's ImageDataGenerator(rescale=1/255)).
 */

/** Side of the square crop over the longer side of the face box, unless the calibration names another. */
export const MESONET_CROP_MARGIN = 1.3;

/** The square crop region for a face box, clipped to the picture. */
export function mesonetCropRegion(box: Box, width: number, height: number, margin = MESONET_CROP_MARGIN): Box {
  const side = Math.max(box.width, box.height) * margin;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x0 = Math.max(0, Math.round(cx - side / 2));
  const y0 = Math.max(0, Math.round(cy - side / 2));
  const x1 = Math.min(width, Math.round(cx + side / 2));
  const y1 = Math.min(height, Math.round(cy + side / 2));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/** Interleaved 8-bit RGB of size² pixels as a network's planar [0, 1] input (MesoNet's by default). */
export function planarUnitRgb(rgb: Uint8Array, size = MESONET_SIZE): Float32Array {
  const plane = size * size;
  if (rgb.length !== 3 * plane) throw new Error(`Expected ${size}×${size} RGB, got ${rgb.length} bytes`);
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) out[c * plane + i] = (rgb[i * 3 + c] as number) / 255;
  return out;
}

/** The face's crop, resized to 256×256 (bilinear, as Keras' load_img), as MesoNet's input. */
export async function mesonetInput(image: RgbImage, faceBox: Box, margin = MESONET_CROP_MARGIN): Promise<Float32Array> {
  const region = mesonetCropRegion(faceBox, image.width, image.height, margin);
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .resize({ width: MESONET_SIZE, height: MESONET_SIZE, fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`MesoNet crop came out with ${info.channels} channels`);
  return planarUnitRgb(new Uint8Array(data.buffer, data.byteOffset, data.length));
}
