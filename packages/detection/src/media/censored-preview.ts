import sharp from "sharp";
import { MediaError } from "./errors.js";

/** Width of the preview: enough to recognise the scene in the threat details, no more. */
export const PREVIEW_WIDTH = 480;

/**
 * A small, heavily blurred JPEG of a picture for the threat details (spec: previews are censored).
 * The blur is done here, not by the browser, so the full picture never leaves the evidence store.
 */
export async function censoredPreview(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const jpeg = await sharp(bytes, { failOn: "none", limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .blur(12)
      .jpeg({ quality: 70 })
      .toBuffer();
    return new Uint8Array(jpeg);
  } catch (error) {
    throw new MediaError("unsupported_type", `Not a picture that can be previewed: ${(error as Error).message}`);
  }
}
