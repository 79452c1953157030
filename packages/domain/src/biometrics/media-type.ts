/**
 * The file's real type from its first bytes; a declared content type or file name is never
 * trusted, since either is whatever the sender wrote.
 */
export type SampleType =
  | { kind: "image"; format: "jpeg" | "png" | "webp"; mime: string; extension: string }
  | { kind: "audio"; format: "wav" | "webm" | "ogg" | "mp3" | "m4a" | "flac"; mime: string; extension: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffSampleType(bytes: Uint8Array): SampleType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { kind: "image", format: "jpeg", mime: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]))
    return { kind: "image", format: "png", mime: "image/png", extension: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { kind: "image", format: "webp", mime: "image/webp", extension: "webp" };
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") {
    return { kind: "audio", format: "wav", mime: "audio/wav", extension: "wav" };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]))
    return { kind: "audio", format: "webm", mime: "audio/webm", extension: "webm" };
  if (ascii(bytes, 0, 4) === "OggS") return { kind: "audio", format: "ogg", mime: "audio/ogg", extension: "ogg" };
  if (ascii(bytes, 0, 4) === "fLaC") return { kind: "audio", format: "flac", mime: "audio/flac", extension: "flac" };
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) {
    return { kind: "audio", format: "mp3", mime: "audio/mpeg", extension: "mp3" };
  }
  if (ascii(bytes, 4, 8) === "ftyp") return { kind: "audio", format: "m4a", mime: "audio/mp4", extension: "m4a" };
  return null;
}

export const MAX_SAMPLE_BYTES = 10 * 1024 * 1024;

export const describeSize = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
