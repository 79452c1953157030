import sharp from "sharp";
import { MediaError } from "./errors.js";

/** Width of the preview: enough to recognise the scene in the threat details, no more. */
export const PREVIEW_WIDTH = 480;
/** Side of a threat row's square thumbnail: its 72 CSS px box on a 2x screen. */
export const THUMBNAIL_SIDE = 144;

/**
 * Transparent pixels become white: JPEG has no alpha, and sharp would otherwise turn them black, so
 * an avatar or sticker with a transparent background came out as a black square (issue 27 item 5).
 */
const BACKDROP = { r: 255, g: 255, b: 255 };

const open = (bytes: Uint8Array) =>
  sharp(bytes, { failOn: "none", limitInputPixels: 50_000_000 }).rotate().flatten({ background: BACKDROP });

/**
 * A small, heavily blurred JPEG of a picture for the threat details (spec: previews are censored).
 * The blur is done here, not by the browser, so the full picture never leaves the evidence store.
 */
export async function censoredPreview(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const jpeg = await open(bytes)
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .blur(12)
      .jpeg({ quality: 70 })
      .toBuffer();
    return new Uint8Array(jpeg);
  } catch (error) {
    throw new MediaError("unsupported_type", `Not a picture that can be previewed: ${(error as Error).message}`);
  }
}

/**
 * A threat row's thumbnail: the picture cropped to a square around its most salient part and
 * blurred as much, relative to its size, as the preview (intimate imagery far more, so nothing can
 * be made out). A few KB, so a list of threats loads its pictures at once.
 */
export async function censoredThumbnail(bytes: Uint8Array, options: { intimate?: boolean } = {}): Promise<Uint8Array> {
  try {
    const jpeg = await open(bytes)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "cover", position: sharp.strategy.attention })
      .blur(options.intimate ? 14 : 4)
      .jpeg({ quality: 70 })
      .toBuffer();
    return new Uint8Array(jpeg);
  } catch (error) {
    throw new MediaError("unsupported_type", `Not a picture a thumbnail can be made of: ${(error as Error).message}`);
  }
}
