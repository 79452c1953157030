import type { MediaError } from "./errors.js";
import { asciiAt } from "./sniff.js";

/**
 * PCM WAV read in-process for audio-in-process.ts: 16/24/32-bit integer or 32-bit float, one or
 * two channels, samples converted to float the way ffmpeg's swresample does (x / 2^(bits-1), in
 * float32). Only tidy files are taken: anything ffmpeg's WAV demuxer treats specially (a data
 * size of 0 or beyond the file, meaning "read to the end"; S/PDIF-wrapped AC-3/DTS; extensible
 * channel masks other than mono or front left/right; trailing partial samples) returns null and
 * stays on ffmpeg.
 */

export interface DecodedPcm {
  sampleRate: number;
  /** One array per channel, samples scaled to [-1, 1) as ffmpeg converts integers: x / 2^(bits-1). */
  channels: Float32Array[];
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
const KSDATAFORMAT_SUFFIX = [0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
const SPEAKER_FRONT_LEFT_RIGHT = 0x3;
const SPEAKER_FRONT_CENTER = 0x4;
/** How far into the data ffmpeg looks for an IEC 61937 (S/PDIF) burst in 16-bit PCM. */
const SPDIF_PROBE_BYTES = 1 << 16;

interface Format {
  code: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bits: number;
}

function readFormat(view: DataView, offset: number, size: number): Format | null {
  if (size < 16) return null;
  let code = view.getUint16(offset, true);
  const channels = view.getUint16(offset + 2, true);
  const format = {
    code,
    channels,
    sampleRate: view.getUint32(offset + 4, true),
    blockAlign: view.getUint16(offset + 12, true),
    bits: view.getUint16(offset + 14, true),
  };
  if (code !== FORMAT_EXTENSIBLE) return format;
  if (size < 40 || view.getUint16(offset + 16, true) < 22) return null;
  const validBits = view.getUint16(offset + 18, true);
  const mask = view.getUint32(offset + 20, true);
  // The sub-format GUID is the plain format code followed by the KSDATAFORMAT suffix; other GUIDs
  // (ambisonics, vendor codecs) mean something else to ffmpeg.
  code = view.getUint32(offset + 24, true);
  for (let i = 0; i < KSDATAFORMAT_SUFFIX.length; i++)
    if (view.getUint8(offset + 28 + i) !== KSDATAFORMAT_SUFFIX[i]) return null;
  const expectedMask = channels === 1 ? SPEAKER_FRONT_CENTER : SPEAKER_FRONT_LEFT_RIGHT;
  if ((validBits !== 0 && validBits !== format.bits) || (mask !== 0 && mask !== expectedMask)) return null;
  return { ...format, code };
}

function hasSpdifBurst(bytes: Uint8Array, from: number, to: number): boolean {
  const end = Math.min(to, from + SPDIF_PROBE_BYTES) - 3;
  for (let i = from; i < end; i++)
    if (bytes[i] === 0x72 && bytes[i + 1] === 0xf8 && bytes[i + 2] === 0x1f && bytes[i + 3] === 0x4e) return true;
  return false;
}

function toFloat(view: DataView, start: number, format: Format, frames: number): Float32Array[] {
  const { channels, bits, code, blockAlign } = format;
  const bytesPer = bits / 8;
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let c = 0; c < channels; c++) {
    const samples = out[c] as Float32Array;
    let at = start + c * bytesPer;
    if (code === FORMAT_FLOAT)
      for (let i = 0; i < frames; i++, at += blockAlign) samples[i] = view.getFloat32(at, true);
    else if (bits === 16)
      for (let i = 0; i < frames; i++, at += blockAlign) samples[i] = view.getInt16(at, true) / 32_768;
    else if (bits === 24)
      for (let i = 0; i < frames; i++, at += blockAlign)
        samples[i] = (view.getInt8(at + 2) * 65_536 + view.getUint16(at, true)) / 8_388_608;
    // Rounding a 32-bit integer to float32 first, as swresample does, then scaling by a power of two.
    else for (let i = 0; i < frames; i++, at += blockAlign) samples[i] = Math.fround(view.getInt32(at, true)) / 2 ** 31;
  }
  return out;
}

/** The PCM of a tidy WAV file at `sampleRate`, or null to leave it to ffmpeg; MediaError "too_long" past `maxSamples`. */
export function decodeWav(
  bytes: Uint8Array,
  sampleRate: number,
  maxSamples: number,
  tooLong: () => MediaError,
): DecodedPcm | null {
  if (bytes.length < 12 || !asciiAt(bytes, 0, "RIFF") || !asciiAt(bytes, 8, "WAVE")) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Format | null = null;
  let data: { start: number; size: number } | null = null;
  for (let offset = 12; offset < bytes.length; ) {
    if (offset + 8 > bytes.length) return null;
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (body + size > bytes.length) return null;
    if (asciiAt(bytes, offset, "fmt ")) {
      if (format || data) return null;
      format = readFormat(view, body, size);
      if (!format) return null;
    } else if (asciiAt(bytes, offset, "data")) {
      if (!format || data) return null;
      data = { start: body, size };
    }
    offset = body + size + (size & 1);
  }
  if (!format || !data || data.size === 0 || format.sampleRate !== sampleRate) return null;
  const { code, channels, bits, blockAlign } = format;
  const integer = code === FORMAT_PCM && (bits === 16 || bits === 24 || bits === 32);
  const float = code === FORMAT_FLOAT && bits === 32;
  if (!(integer || float) || channels < 1 || channels > 2 || blockAlign !== (channels * bits) / 8) return null;
  if (data.size % blockAlign !== 0) return null;
  if (bits === 16 && hasSpdifBurst(bytes, data.start, data.start + data.size)) return null;
  const frames = data.size / blockAlign;
  if (frames > maxSamples) throw tooLong();
  return { sampleRate: format.sampleRate, channels: toFloat(view, data.start, format, frames) };
}
