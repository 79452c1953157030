import type { MediaFormat } from "../result.js";
import { MediaError } from "./errors.js";

/**
 * Image dimensions read from the header alone, so a decompression bomb (a tiny file declaring
 * 30000×30000 pixels) is refused before a decoder allocates anything.
 */

export interface ImageDimensions {
  width: number;
  height: number;
}

const truncated = () => new MediaError("truncated", "The image ends before its header does");

function u16be(b: Uint8Array, o: number): number {
  if (o + 2 > b.length) throw truncated();
  return ((b[o] as number) << 8) | (b[o + 1] as number);
}
function u16le(b: Uint8Array, o: number): number {
  if (o + 2 > b.length) throw truncated();
  return (b[o] as number) | ((b[o + 1] as number) << 8);
}
function u24le(b: Uint8Array, o: number): number {
  if (o + 3 > b.length) throw truncated();
  return (b[o] as number) | ((b[o + 1] as number) << 8) | ((b[o + 2] as number) << 16);
}
function u32be(b: Uint8Array, o: number): number {
  if (o + 4 > b.length) throw truncated();
  return (
    (((b[o] as number) << 24) >>> 0) +
    (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))
  );
}

function pngDimensions(b: Uint8Array): ImageDimensions {
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gifDimensions(b: Uint8Array): ImageDimensions {
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

function webpDimensions(b: Uint8Array): ImageDimensions {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8L") {
    if (b.length < 25) throw truncated();
    const bits = (b[21] as number) | ((b[22] as number) << 8) | ((b[23] as number) << 16) | ((b[24] as number) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  throw new MediaError("decode_failed", `Unknown WebP chunk '${chunk}'`);
}

/** Start-of-frame markers carry the dimensions; C4 (DHT), C8 (JPG) and CC (DAC) share the range. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDimensions(b: Uint8Array): ImageDimensions {
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) throw new MediaError("decode_failed", "Corrupt JPEG marker stream");
    const marker = b[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = u16be(b, offset + 2);
    if (isStartOfFrame(marker)) return { height: u16be(b, offset + 5), width: u16be(b, offset + 7) };
    offset += 2 + length;
  }
  throw truncated();
}

export function readImageDimensions(bytes: Uint8Array, format: MediaFormat): ImageDimensions {
  switch (format) {
    case "png":
      return pngDimensions(bytes);
    case "gif":
      return gifDimensions(bytes);
    case "webp":
      return webpDimensions(bytes);
    case "jpeg":
      return jpegDimensions(bytes);
    default:
      throw new MediaError("unsupported_type", `${format} is not an image format`);
  }
}
