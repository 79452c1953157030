import type { MediaFormat, MediaKind } from "../result.js";
import { MediaError } from "./errors.js";

/**
 * The media type from magic bytes only: names and Content-Type headers are whatever the uploader
 * or the platform chose to say, and a renamed file must not reach the wrong decoder.
 */

export interface SniffedType {
  kind: MediaKind;
  format: MediaFormat;
}

/** Whether `text` (ASCII) is at `offset`: a container's magic bytes or a chunk's four-letter code. */
export const asciiAt = (bytes: Uint8Array, offset: number, text: string): boolean => {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
};

const startsWith = (bytes: Uint8Array, magic: number[]): boolean =>
  bytes.length >= magic.length && magic.every((value, i) => bytes[i] === value);

const QUICKTIME_BRANDS = new Set(["qt  "]);
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]);
/** Top-level atoms that open QuickTime files written without an ftyp box. */
const BARE_QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"]);

/** Complete magics a cut-off file may be the start of. */
const PARTIAL_MAGICS: number[][] = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46],
  [0x52, 0x49, 0x46, 0x46],
  [0x1a, 0x45, 0xdf, 0xa3],
  [0x66, 0x4c, 0x61, 0x43],
  [0x4f, 0x67, 0x67, 0x53],
];

function isoBmff(bytes: Uint8Array): SniffedType | null {
  if (asciiAt(bytes, 4, "ftyp")) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (QUICKTIME_BRANDS.has(brand)) return { kind: "video", format: "mov" };
    if (AUDIO_BRANDS.has(brand)) return { kind: "audio", format: "m4a" };
    return { kind: "video", format: "mp4" };
  }
  const atom = String.fromCharCode(...bytes.subarray(4, 8));
  return BARE_QUICKTIME_ATOMS.has(atom) ? { kind: "video", format: "mov" } : null;
}

function isMp3(bytes: Uint8Array): boolean {
  if (asciiAt(bytes, 0, "ID3")) return true;
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  // MPEG audio frame sync; layer bits 00 are reserved (and mean ADTS AAC), so they are not MP3.
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0;
}

function recognise(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", format: "jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", format: "png" };
  if (asciiAt(bytes, 0, "GIF87a") || asciiAt(bytes, 0, "GIF89a")) return { kind: "image", format: "gif" };
  if (asciiAt(bytes, 0, "RIFF") && asciiAt(bytes, 8, "WEBP")) return { kind: "image", format: "webp" };
  if (asciiAt(bytes, 0, "RIFF") && asciiAt(bytes, 8, "WAVE")) return { kind: "audio", format: "wav" };
  if (asciiAt(bytes, 0, "fLaC")) return { kind: "audio", format: "flac" };
  if (asciiAt(bytes, 0, "OggS")) return { kind: "audio", format: "ogg" };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: "video", format: "webm" };
  const bmff = bytes.length >= 12 ? isoBmff(bytes) : null;
  if (bmff) return bmff;
  if (isMp3(bytes)) return { kind: "audio", format: "mp3" };
  return null;
}

export function sniffMediaType(bytes: Uint8Array): SniffedType {
  if (bytes.length === 0) throw new MediaError("empty", "The file is empty");
  const type = recognise(bytes);
  if (type) return type;
  const cutShort = (magic: number[]) => bytes.length < magic.length && bytes.every((value, i) => value === magic[i]);
  if (PARTIAL_MAGICS.some(cutShort)) {
    throw new MediaError("truncated", "The file ends before its header does");
  }
  throw new MediaError(
    "unsupported_type",
    "Not a supported image (JPEG, PNG, WebP, GIF), video (MP4, MOV, WebM) or audio (WAV, MP3, FLAC, OGG, M4A) file",
  );
}
