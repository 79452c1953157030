import sharp, { type Metadata, type OutputInfo, type ResizeOptions } from "sharp";
import type { MediaFormat } from "../result.js";
import { MediaError } from "./errors.js";
import { readImageDimensions } from "./image-header.js";
import type { MediaLimits } from "./limits.js";
import { type StoredImage, turnUpright } from "./orientation.js";
import type { RgbImage } from "./rgb-image.js";
import { sniffMediaType } from "./sniff.js";

export type { RgbImage } from "./rgb-image.js";

/**
 * Still-image decoding with sharp (libvips; its linux-x64 binary ships inside the npm package
 * @img/sharp-linux-x64, so nothing downloads at install and it runs in Lambda as is).
 * The header is checked against the limits first; libvips is also told the pixel limit, so a
 * header that lies about its size still cannot make it allocate past the bound.
 */

export interface DecodedImage {
  format: MediaFormat;
  /** Dimensions of the file as stored. */
  width: number;
  height: number;
  pixels: RgbImage;
  /** pixels.width / width: below 1 when the image was scaled down for analysis. */
  scale: number;
  /** Full-resolution pixels as stored, when asked for (DecodeOptions); read them with uprightView. */
  fullResolution?: StoredImage;
}

export interface ImageCheck {
  format: MediaFormat;
  width: number;
  height: number;
}

/** Type, size and header checks that must pass before any decoder runs. */
export function checkImage(bytes: Uint8Array, limits: MediaLimits): ImageCheck {
  if (bytes.length > limits.maxBytes) {
    throw new MediaError("too_large", `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes}`);
  }
  const type = sniffMediaType(bytes);
  if (type.kind !== "image") throw new MediaError("unsupported_type", `Expected an image, got ${type.format}`);
  const { width, height } = readImageDimensions(bytes, type.format);
  if (width === 0 || height === 0) throw new MediaError("decode_failed", "The image declares zero pixels");
  if (width > limits.maxDimension || height > limits.maxDimension || width * height > limits.maxPixels) {
    throw new MediaError(
      "dimensions_too_large",
      `The image declares ${width}×${height} pixels; the limit is ${limits.maxPixels} pixels and ${limits.maxDimension} per side`,
    );
  }
  return { format: type.format, width, height };
}

const TRUNCATION_HINTS = ["premature end", "truncated", "unexpected end", "not enough data", "end of file"];

function decodeError(error: unknown): MediaError {
  const message = error instanceof Error ? error.message : String(error);
  const lower = message.toLowerCase();
  if (TRUNCATION_HINTS.some((hint) => lower.includes(hint))) {
    return new MediaError("truncated", `The image is cut short: ${message}`);
  }
  if (lower.includes("pixel limit")) return new MediaError("dimensions_too_large", message);
  return new MediaError("decode_failed", `Could not decode the image: ${message}`);
}

const rawPixels = ({ data, info }: { data: Buffer; info: OutputInfo }): RgbImage => {
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
};

const fitInside = (maxSide: number): ResizeOptions => ({
  width: maxSide,
  height: maxSide,
  fit: "inside",
  withoutEnlargement: true,
});

/**
 * The file's first frame as 8-bit sRGB, upright or as stored, its longest side at most `maxSide`.
 * A WebP is scaled from its full decode, not by libwebp's scale-on-load: that decodes every pixel
 * as well before rescaling, so it saves little, and going without it lets the full-resolution
 * decode the watermark search needs serve as the analysis copy's source too (one decode, not two).
 */
async function decodeRgb(
  bytes: Uint8Array,
  format: MediaFormat,
  limits: MediaLimits,
  maxSide: number,
  upright = true,
): Promise<RgbImage> {
  let pipeline = sharp(bytes, { failOn: "truncated", limitInputPixels: limits.maxPixels });
  if (upright) pipeline = pipeline.rotate();
  if (Number.isFinite(maxSide))
    pipeline = pipeline.resize({ ...fitInside(maxSide), fastShrinkOnLoad: format !== "webp" });
  return rawPixels(await pipeline.removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true }));
}

/**
 * Whether scaling the stored full decode down, then turning it upright, gives exactly the pixels
 * decodeRgb(maxSide) gives: sharp also resizes before it turns the picture upright, but only
 * for 3-channel 8-bit pixels does it resize what the full decode holds (it drops alpha and
 * converts grey or 16-bit to 8-bit sRGB after resizing), and not when it decodes at a reduced
 * scale instead: libjpeg shrink-on-load, which sharp's pipeline.cc uses on a JPEG shrunk by 3 or
 * more (2 and more, less one step when the shrink's integer part equals the factor); decodeRgb
 * turns WebP's scale-on-load off. test/unit/detection/full-resolution-decode.test.ts holds sharp
 * to each case.
 */
function scalingFullDecodeMatches(check: ImageCheck, metadata: Metadata, maxSide: number): boolean {
  const shrink = Math.max(check.width, check.height) / maxSide;
  if (check.format === "jpeg" && shrink >= 3) return false;
  return metadata.channels === 3 && metadata.depth === "uchar";
}

async function scaleDown(image: RgbImage, maxSide: number): Promise<RgbImage> {
  const { width, height } = image;
  const pipeline = sharp(image.data, { raw: { width, height, channels: 3 } }).resize(fitInside(maxSide));
  return rawPixels(await pipeline.raw().toBuffer({ resolveWithObject: true }));
}

/** The full-resolution pixels as stored, and the analysis copy from them where it comes out the same. */
async function decodeFullResolution(bytes: Uint8Array, check: ImageCheck, limits: MediaLimits, maxSide: number) {
  const metadata = await sharp(bytes).metadata();
  const full: StoredImage = {
    pixels: await decodeRgb(bytes, check.format, limits, Number.POSITIVE_INFINITY, false),
    orientation: metadata.orientation ?? 1,
  };
  const { pixels: stored, orientation } = full;
  if (Math.max(stored.width, stored.height) <= maxSide) return { full, pixels: turnUpright(stored, orientation) };
  if (scalingFullDecodeMatches(check, metadata, maxSide)) {
    return { full, pixels: turnUpright(await scaleDown(stored, maxSide), orientation) };
  }
  return { full, pixels: await decodeRgb(bytes, check.format, limits, maxSide) };
}

export interface DecodeOptions {
  /**
   * Also return the full-resolution pixels (`DecodedImage.fullResolution`) when the picture has
   * at most this many; where it gives the same pixels, the scaled copy is then made from them
   * instead of by a second decode.
   */
  keepFullResolutionUpTo?: number;
}

/**
 * Decodes the first frame to RGB, honouring EXIF orientation, scaled so its longest side is at
 * most `maxSide` (pass Infinity for full resolution).
 */
export async function decodeImage(
  bytes: Uint8Array,
  limits: MediaLimits,
  maxSide: number,
  options: DecodeOptions = {},
): Promise<DecodedImage> {
  const check = checkImage(bytes, limits);
  const keepFull = check.width * check.height <= (options.keepFullResolutionUpTo ?? 0);
  try {
    const { pixels, full } = keepFull
      ? await decodeFullResolution(bytes, check, limits, maxSide)
      : { pixels: await decodeRgb(bytes, check.format, limits, maxSide), full: undefined };
    // EXIF rotation may swap the stored sides; report the upright ones.
    const swapped = pixels.width > pixels.height !== check.width > check.height && check.width !== check.height;
    const width = swapped ? check.height : check.width;
    const height = swapped ? check.width : check.height;
    return {
      format: check.format,
      width,
      height,
      pixels,
      scale: pixels.width / width,
      ...(full ? { fullResolution: full } : {}),
    };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw decodeError(error);
  }
}

/** Encodes RGB pixels losslessly, for evidence crops and for tests that build images. */
export async function encodePng(image: RgbImage): Promise<Uint8Array> {
  const buffer = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}
