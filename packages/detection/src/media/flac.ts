import type { MediaError } from "./errors.js";
import { asciiAt } from "./sniff.js";

/**
 * A FLAC decoder in plain TypeScript for the in-process audio path (audio-in-process.ts). FLAC is
 * lossless, so the integers it yields are the ones ffmpeg's decoder yields; every frame's CRC-16
 * is checked, and a damaged frame leaves the whole stream to ffmpeg, which does not check CRC-16
 * by default and decodes or skips such frames: the result stays ffmpeg's. STREAMINFO's total is
 * never trusted and a frame holds at most 65,536 samples a channel, so a stream claiming hours
 * allocates as its frames are decoded and stops with "too_long" as soon as the running count
 * passes the caller's bound.
 */

export interface DecodedPcm {
  sampleRate: number;
  /** One array per channel, samples scaled to [-1, 1) as ffmpeg converts integers: x / 2^(bits-1). */
  channels: Float32Array[];
}

interface StreamInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

class BitReader {
  /** Position in bits from the start of `bytes`. */
  pos = 0;
  constructor(readonly bytes: Uint8Array) {}

  get bitsLeft(): number {
    return this.bytes.length * 8 - this.pos;
  }

  /** Unsigned read of up to 32 bits. */
  bits(n: number): number {
    if (n === 0) return 0;
    if (n > this.bitsLeft) throw new OutOfData();
    if (n > 24) return this.bits(n - 16) * 65_536 + this.bits(16);
    // A 32-bit window from the current byte holds the n <= 24 bits wanted past the 0-7 already read.
    const at = this.pos >>> 3;
    const { bytes } = this;
    const last = bytes.length - 1;
    const window =
      ((bytes[at] as number) << 24) |
      (at + 1 <= last ? (bytes[at + 1] as number) << 16 : 0) |
      (at + 2 <= last ? (bytes[at + 2] as number) << 8 : 0) |
      (at + 3 <= last ? (bytes[at + 3] as number) : 0);
    const value = (window << (this.pos & 7)) >>> (32 - n);
    this.pos += n;
    return value;
  }

  signed(n: number): number {
    if (n === 0) return 0;
    const value = this.bits(n);
    return value >= 2 ** (n - 1) ? value - 2 ** n : value;
  }

  /** Zeros before the next one bit, which is consumed. */
  unary(): number {
    let zeros = 0;
    for (;;) {
      if (this.pos >= this.bytes.length * 8) throw new OutOfData();
      const offset = this.pos & 7;
      const rest = ((this.bytes[this.pos >>> 3] as number) << offset) & 0xff;
      if (rest === 0) {
        zeros += 8 - offset;
        this.pos += 8 - offset;
        continue;
      }
      const lead = Math.clz32(rest) - 24;
      zeros += lead;
      this.pos += lead + 1;
      return zeros;
    }
  }

  alignToByte(): void {
    this.pos = (this.pos + 7) & ~7;
  }
}

/** The input ends inside a frame: ffmpeg drops such a tail frame, and so does this decoder. */
class OutOfData extends Error {}

class LostSync extends Error {}

/**
 * A sample past the stream's bit depth: legal streams never hold one, but CRC-valid frames can
 * predict one (to Infinity, even, in doubles), where ffmpeg's integer decoder wraps it. Left to
 * ffmpeg, so the models never see values outside [-1, 1).
 */
class OutOfRange extends Error {}

/** A frame that breaks the format or fails its checksum. */
class Damaged extends Error {}

const corrupt = (why: string) => new Damaged(`The FLAC audio is damaged: ${why}`);

const CRC16_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

function crc8(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    crc ^= bytes[i] as number;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++)
    crc = ((crc << 8) & 0xffff) ^ (CRC16_TABLE[(crc >>> 8) ^ (bytes[i] as number)] as number);
  return crc;
}

/** Reads the metadata blocks; returns STREAMINFO and the offset of the first frame, or null if they are cut short. */
function readMetadata(bytes: Uint8Array): { info: StreamInfo; firstFrame: number } | null {
  let offset = 4;
  let info: StreamInfo | null = null;
  for (;;) {
    if (offset + 4 > bytes.length) return null;
    const type = (bytes[offset] as number) & 0x7f;
    const last = ((bytes[offset] as number) & 0x80) !== 0;
    const length =
      ((bytes[offset + 1] as number) << 16) | ((bytes[offset + 2] as number) << 8) | (bytes[offset + 3] as number);
    if (offset + 4 + length > bytes.length) return null;
    if (type === 0) {
      if (length < 34) return null;
      const reader = new BitReader(bytes.subarray(offset + 4 + 10, offset + 4 + 18));
      const sampleRate = reader.bits(20);
      const channels = reader.bits(3) + 1;
      const bitsPerSample = reader.bits(5) + 1;
      info = { sampleRate, channels, bitsPerSample };
    }
    offset += 4 + length;
    if (last) return info ? { info, firstFrame: offset } : null;
  }
}

const SAMPLE_RATES = [0, 88_200, 176_400, 192_000, 8_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000, 96_000];
const SAMPLE_SIZES = [0, 8, 12, 0, 16, 20, 24, 0];

/** The FLAC "UTF-8" coded frame or sample number: only its length matters here. */
function skipCodedNumber(reader: BitReader): void {
  const first = reader.bits(8);
  if (first < 0x80) return;
  let extra = Math.clz32(~(first << 24)) - 1;
  if (extra < 1 || extra > 6) throw corrupt("bad frame number");
  while (extra-- > 0) if ((reader.bits(8) & 0xc0) !== 0x80) throw corrupt("bad frame number");
}

function readResidual(reader: BitReader, blockSize: number, order: number, out: Float64Array): void {
  const method = reader.bits(2);
  if (method > 1) throw corrupt("reserved residual coding");
  const paramBits = method === 0 ? 4 : 5;
  const escapeCode = (1 << paramBits) - 1;
  const partitionOrder = reader.bits(4);
  const partitions = 1 << partitionOrder;
  if (blockSize % partitions !== 0 || blockSize / partitions < order) throw corrupt("bad partition order");
  let i = order;
  for (let p = 0; p < partitions; p++) {
    const count = blockSize / partitions - (p === 0 ? order : 0);
    const param = reader.bits(paramBits);
    const end = i + count;
    if (param === escapeCode) {
      const raw = reader.bits(5);
      for (; i < end; i++) out[i] = reader.signed(raw);
      continue;
    }
    const scale = 2 ** param;
    for (; i < end; i++) {
      const folded = reader.unary() * scale + reader.bits(param);
      // Zigzag: even -> folded/2, odd -> -(folded+1)/2; bit operations while it fits 32 bits (always, in practice).
      out[i] =
        folded < 4_294_967_296 ? (folded >>> 1) ^ -(folded & 1) : folded % 2 === 0 ? folded / 2 : -(folded + 1) / 2;
    }
  }
}

/** The fixed predictors' coefficients, newest sample first. */
const FIXED = [[], [1], [2, -1], [3, -3, 1], [4, -6, 4, -1]].map((c) => Float64Array.from(c));

/**
 * Adds to each residual after the warm-up the prediction from the samples before it. Sums stay
 * below 2^53 for any legal stream (order <= 32, 15-bit coefficients, 25-bit samples), so doubles
 * are exact, and flooring the quotient is the arithmetic right shift of the reference decoder.
 */
function predict(samples: Float64Array, coefficients: Float64Array, divisor: number): void {
  const order = coefficients.length;
  for (let i = order; i < samples.length; i++) {
    let sum = 0;
    for (let j = 0; j < order; j++) sum += (coefficients[j] as number) * (samples[i - j - 1] as number);
    samples[i] = (samples[i] as number) + Math.floor(sum / divisor);
  }
}

function readSubframe(reader: BitReader, blockSize: number, bits: number): Float64Array {
  if (reader.bits(1) !== 0) throw corrupt("bad subframe header");
  const type = reader.bits(6);
  let wasted = 0;
  if (reader.bits(1) === 1) wasted = reader.unary() + 1;
  const width = bits - wasted;
  if (width <= 0) throw corrupt("bad wasted bits");
  const samples = new Float64Array(blockSize);
  if (type === 0) {
    samples.fill(reader.signed(width));
  } else if (type === 1) {
    for (let i = 0; i < blockSize; i++) samples[i] = reader.signed(width);
  } else if (type >= 8 && type <= 12) {
    const order = type - 8;
    if (order > blockSize) throw corrupt("predictor longer than the block");
    for (let i = 0; i < order; i++) samples[i] = reader.signed(width);
    readResidual(reader, blockSize, order, samples);
    predict(samples, FIXED[order] as Float64Array, 1);
  } else if (type >= 32) {
    const order = type - 31;
    if (order > blockSize) throw corrupt("predictor longer than the block");
    for (let i = 0; i < order; i++) samples[i] = reader.signed(width);
    const precision = reader.bits(4) + 1;
    if (precision === 16) throw corrupt("invalid coefficient precision");
    const shift = reader.signed(5);
    if (shift < 0) throw corrupt("negative prediction shift");
    const coefficients = new Float64Array(order);
    for (let j = 0; j < order; j++) coefficients[j] = reader.signed(precision);
    readResidual(reader, blockSize, order, samples);
    predict(samples, coefficients, 2 ** shift);
  } else {
    throw corrupt("reserved subframe type");
  }
  if (wasted > 0) for (let i = 0; i < blockSize; i++) samples[i] = (samples[i] as number) * 2 ** wasted;
  return samples;
}

interface Frame {
  blockSize: number;
  /** Offset of the byte after the frame's CRC. */
  end: number;
  channels: Float64Array[];
}

/** Decodes the frame at `offset`: at most 65,536 samples a channel, so about 1 MB whatever the stream claims. */
function readFrame(bytes: Uint8Array, offset: number, info: StreamInfo): Frame {
  const reader = new BitReader(bytes.subarray(offset));
  if (reader.bits(14) !== 0x3ffe) throw new LostSync();
  if (reader.bits(1) !== 0) throw corrupt("reserved header bit");
  reader.bits(1); // blocking strategy: fixed or variable, numbered either way
  const blockCode = reader.bits(4);
  const rateCode = reader.bits(4);
  const channelCode = reader.bits(4);
  const sizeCode = reader.bits(3);
  if (reader.bits(1) !== 0) throw corrupt("reserved header bit");
  skipCodedNumber(reader);
  let blockSize: number;
  if (blockCode === 0) throw corrupt("reserved block size");
  else if (blockCode === 1) blockSize = 192;
  else if (blockCode <= 5) blockSize = 576 * 2 ** (blockCode - 2);
  else if (blockCode === 6) blockSize = reader.bits(8) + 1;
  else if (blockCode === 7) blockSize = reader.bits(16) + 1;
  else blockSize = 256 * 2 ** (blockCode - 8);
  let sampleRate: number;
  if (rateCode === 0) sampleRate = info.sampleRate;
  else if (rateCode <= 11) sampleRate = SAMPLE_RATES[rateCode] as number;
  else if (rateCode === 12) sampleRate = reader.bits(8) * 1000;
  else if (rateCode === 13) sampleRate = reader.bits(16);
  else if (rateCode === 14) sampleRate = reader.bits(16) * 10;
  else throw corrupt("invalid sample rate");
  const headerEnd = reader.pos >>> 3;
  if (reader.bits(8) !== crc8(bytes, offset, offset + headerEnd)) throw corrupt("frame header checksum");
  const bits = sizeCode === 0 ? info.bitsPerSample : (SAMPLE_SIZES[sizeCode] as number);
  const channelCount = channelCode < 8 ? channelCode + 1 : 2;
  if (channelCode > 10) throw corrupt("reserved channel assignment");
  if (sampleRate !== info.sampleRate || bits !== info.bitsPerSample || channelCount !== info.channels)
    throw corrupt("a frame's format differs from the stream's");
  const channels: Float64Array[] = [];
  for (let c = 0; c < channelCount; c++) {
    // The side channel of a stereo pair carries one more bit.
    const side = (channelCode === 8 && c === 1) || (channelCode === 9 && c === 0) || (channelCode === 10 && c === 1);
    channels.push(readSubframe(reader, blockSize, bits + (side ? 1 : 0)));
  }
  reader.alignToByte();
  const bodyEnd = reader.pos >>> 3;
  if (reader.bits(16) !== crc16(bytes, offset, offset + bodyEnd)) throw corrupt("frame checksum");
  decorrelate(channelCode, channels, blockSize);
  return { blockSize, end: offset + bodyEnd + 2, channels };
}

function decorrelate(channelCode: number, channels: Float64Array[], blockSize: number): void {
  const [a, b] = channels as [Float64Array, Float64Array];
  if (channelCode === 8) for (let i = 0; i < blockSize; i++) b[i] = (a[i] as number) - (b[i] as number);
  else if (channelCode === 9) for (let i = 0; i < blockSize; i++) a[i] = (a[i] as number) + (b[i] as number);
  else if (channelCode === 10)
    for (let i = 0; i < blockSize; i++) {
      const side = b[i] as number;
      const mid = (a[i] as number) * 2 + (side & 1);
      a[i] = Math.floor((mid + side) / 2);
      b[i] = Math.floor((mid - side) / 2);
    }
}

/** Writes samples times `scale` into `out` from `at`; OutOfRange for any outside [-limit, limit) (NaN included). */
function appendScaled(out: Float32Array, at: number, samples: Float64Array, scale: number, limit: number): void {
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] as number;
    if (!(sample >= -limit && sample < limit)) throw new OutOfRange();
    out[at + i] = sample * scale;
  }
}

/**
 * One buffer per channel that frames are appended to, grown by doubling up to the sample bound.
 * A frame may hold a single sample in 12 bytes of file: kept as arrays per frame, a 100 MB
 * stream of them took about 25 times its size in objects.
 */
class ChannelBuffers {
  private buffers: Float32Array[];
  length = 0;

  constructor(
    channels: number,
    private readonly maxSamples: number,
  ) {
    this.buffers = Array.from({ length: channels }, () => new Float32Array(0));
  }

  append(frame: Frame, scale: number, limit: number): void {
    const needed = this.length + frame.blockSize;
    const capacity = (this.buffers[0] as Float32Array).length;
    if (needed > capacity) {
      const grown = Math.min(this.maxSamples, Math.max(needed, 2 * capacity, 65_536));
      this.buffers = this.buffers.map((old) => {
        const buffer = new Float32Array(grown);
        buffer.set(old.subarray(0, this.length));
        return buffer;
      });
    }
    frame.channels.forEach((samples, c) => {
      appendScaled(this.buffers[c] as Float32Array, this.length, samples, scale, limit);
    });
    this.length = needed;
  }

  /** Each channel's samples, exactly `length` of them. */
  channels(): Float32Array[] {
    return this.buffers.map((buffer) => (buffer.length === this.length ? buffer : buffer.slice(0, this.length)));
  }
}

/**
 * Decodes a whole FLAC stream at `sampleRate`, or returns null when it is one this decoder leaves
 * to ffmpeg: another rate, metadata cut short or unreadable, more than two channels, a sample size over 24 bits, bytes
 * that are not a frame, a damaged frame, a sample past the bit depth. Throws MediaError
 * "too_long" once more than `maxSamples` per channel.
 */
export function decodeFlac(
  bytes: Uint8Array,
  sampleRate: number,
  maxSamples: number,
  tooLong: () => MediaError,
): DecodedPcm | null {
  const metadata = asciiAt(bytes, 0, "fLaC") ? readMetadata(bytes) : null;
  if (!metadata) return null;
  const { info } = metadata;
  if (info.bitsPerSample < 4 || info.bitsPerSample > 24 || info.sampleRate !== sampleRate || info.channels > 2)
    return null;
  const limit = 2 ** (info.bitsPerSample - 1);
  const scale = 1 / limit;
  const decoded = new ChannelBuffers(info.channels, maxSamples);
  let offset = metadata.firstFrame;
  while (offset < bytes.length) {
    try {
      const frame = readFrame(bytes, offset, info);
      // Counted once decoded, as ffmpeg's output is, so a cut last frame never counts.
      if (decoded.length + frame.blockSize > maxSamples) throw tooLong();
      decoded.append(frame, scale, limit);
      offset = frame.end;
    } catch (error) {
      // A file cut inside its last frame: ffmpeg keeps the frames before it, and so does this.
      if (error instanceof OutOfData) break;
      // Bytes that are no frame at all (a trailing tag, say): ffmpeg resynchronises past them, so it decides.
      if (error instanceof LostSync) return null;
      if (error instanceof OutOfRange) return null;
      // ffmpeg decodes a frame failing its CRC-16 and skips one it cannot parse, so one damaged
      // frame does not fail the file there; the in-process path must not fail it either.
      if (error instanceof Damaged) return null;
      throw error;
    }
  }
  return { sampleRate: info.sampleRate, channels: decoded.channels() };
}
