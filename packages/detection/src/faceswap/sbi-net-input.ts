import sharp from "sharp";
import type { RgbImage } from "../media/image.js";
import type { Box } from "../result.js";
import { mesonetCropRegion } from "./mesonet-input.js";

/**
 * The face-forgery network's input (issue 42): the square around the detector's box, enlarged so
 * the blend boundary a swap leaves (at the face outline, outside YuNet's box) and some of what
 * surrounds it are in view, resized to SBI_NET_SIZE² (bilinear) as interleaved 8-bit RGB. The
 * network was trained on crops made by this very function (scripts/training/export-sbi-crops.ts),
 * so training and inference see the same pixels for the same face.
 */

/** Side of the network's square input (pixels). */
export const SBI_NET_SIZE = 192;
/** Side of the crop over the longer side of the face box. */
export const SBI_NET_CROP_MARGIN = 1.5;

/** Where the crop lies in the picture, and the crop's own RGB bytes. */
export interface SbiNetCrop {
  region: Box;
  rgb: Uint8Array;
}

export async function sbiNetCrop(image: RgbImage, faceBox: Box): Promise<SbiNetCrop> {
  const region = mesonetCropRegion(faceBox, image.width, image.height, SBI_NET_CROP_MARGIN);
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .resize({ width: SBI_NET_SIZE, height: SBI_NET_SIZE, fit: "fill", kernel: "linear" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Face-forgery crop came out with ${info.channels} channels`);
  return { region, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** A point of the picture in the crop's pixels (where the landmarks fall on the network's input). */
export function toCropPixels(point: { x: number; y: number }, region: Box): { x: number; y: number } {
  return {
    x: ((point.x - region.x) * SBI_NET_SIZE) / region.width,
    y: ((point.y - region.y) * SBI_NET_SIZE) / region.height,
  };
}
