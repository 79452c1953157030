import type { RgbImage } from "./rgb-image.js";

/**
 * Reading pixels as stored in the file in their upright order, by address arithmetic rather
 * than a rotated copy: turning a 12-megapixel photo upright costs libvips about as much as
 * decoding it, and a reader that visits each pixel once need not pay for that.
 */

/** Pixels as stored in the file, and the EXIF orientation that turns them upright. */
export interface StoredImage {
  pixels: RgbImage;
  orientation: number;
}

/** The upright picture's pixel (x, y) starts at byte origin + x·stepX + y·stepY of the stored data. */
export interface UprightView {
  data: Uint8Array;
  width: number;
  height: number;
  origin: number;
  stepX: number;
  stepY: number;
}

/** EXIF orientation (1-8): the stored pixels are displayed after this transform (TIFF 6.0 / Exif 2.3). */
export function uprightView(stored: RgbImage, orientation: number): UprightView {
  const { data, width: w, height: h } = stored;
  const row = w * 3;
  const at = (x: number, y: number) => y * row + x * 3;
  switch (orientation) {
    case 2: // mirrored left to right
      return { data, width: w, height: h, origin: at(w - 1, 0), stepX: -3, stepY: row };
    case 3: // turned half a turn
      return { data, width: w, height: h, origin: at(w - 1, h - 1), stepX: -3, stepY: -row };
    case 4: // mirrored top to bottom
      return { data, width: w, height: h, origin: at(0, h - 1), stepX: 3, stepY: -row };
    case 5: // transposed: upright rows are stored columns
      return { data, width: h, height: w, origin: 0, stepX: row, stepY: 3 };
    case 6: // shown turned a quarter clockwise
      return { data, width: h, height: w, origin: at(0, h - 1), stepX: -row, stepY: 3 };
    case 7: // transversed
      return { data, width: h, height: w, origin: at(w - 1, h - 1), stepX: -row, stepY: -3 };
    case 8: // shown turned a quarter anticlockwise
      return { data, width: h, height: w, origin: at(w - 1, 0), stepX: row, stepY: -3 };
    default:
      return { data, width: w, height: h, origin: 0, stepX: 3, stepY: row };
  }
}

/** An upright copy of stored pixels. */
export function turnUpright(stored: RgbImage, orientation: number): RgbImage {
  if (orientation < 2 || orientation > 8) return stored;
  const view = uprightView(stored, orientation);
  const out = new Uint8Array(stored.data.length);
  let o = 0;
  for (let y = 0; y < view.height; y++) {
    let p = view.origin + y * view.stepY;
    for (let x = 0; x < view.width; x++, p += view.stepX) {
      out[o++] = stored.data[p] as number;
      out[o++] = stored.data[p + 1] as number;
      out[o++] = stored.data[p + 2] as number;
    }
  }
  return { data: out, width: view.width, height: view.height };
}
