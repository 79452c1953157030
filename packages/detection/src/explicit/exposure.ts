import type { RgbImage } from "../media/image.js";

/**
 * Dark frames read at a normal exposure. nsfwjs learned from ordinarily exposed pictures; on a
 * dark, warm-lit frame (a stage, a lamp-lit room) it puts most of its mass on "Porn" whatever the
 * frame shows: six of the ten frames of a genuine stage interview (../shared/data, mean luma
 * 0.06-0.13) read 0.76-0.96 explicit, and none above 0.08 once lifted. A frame darker than the
 * fitted limit (video-rule.json) is therefore classified after a gamma lift that brings its mean
 * luma to EXPOSED_MEAN_LUMA; what the frame shows is unchanged, so nudity that is there stays
 * visible to the classifier. The lift can also raise a frame's reading (one package clip's frame
 * went from 0.96 to 0.98): it changes how a frame is read, not which way.
 */

/** Mean luma a dark frame is lifted to: that of an ordinarily exposed photograph. */
export const EXPOSED_MEAN_LUMA = 0.45;

/** Mean Rec. 601 luma of an 8-bit RGB picture, 0..1. */
export function meanLuma(image: RgbImage): number {
  const { data } = image;
  let sum = 0;
  for (let i = 0; i + 2 < data.length; i += 3)
    sum += 0.299 * (data[i] as number) + 0.587 * (data[i + 1] as number) + 0.114 * (data[i + 2] as number);
  const pixels = Math.floor(data.length / 3);
  return pixels > 0 ? sum / pixels / 255 : 0;
}

/**
 * The picture with a gamma lift on every channel, the exponent ln(target)/ln(mean luma), so a
 * mid-grey at the mean goes to the target; pictures already at or above it come back unchanged.
 */
export function exposed(image: RgbImage, target = EXPOSED_MEAN_LUMA): RgbImage {
  const mean = meanLuma(image);
  if (mean >= target || mean <= 0) return image;
  // Never flatter than a gamma of 0.25: a near-black frame would otherwise become noise.
  const gamma = Math.max(0.25, Math.log(target) / Math.log(mean));
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) table[v] = Math.round(255 * (v / 255) ** gamma);
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = table[image.data[i] as number] as number;
  return { data, width: image.width, height: image.height };
}
