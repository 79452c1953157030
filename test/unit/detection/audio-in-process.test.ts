import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeAudio, decodeAudioWithFfmpeg } from "../../../packages/detection/src/media/audio.js";
import { decodeInProcess } from "../../../packages/detection/src/media/audio-in-process.js";
import { MediaError } from "../../../packages/detection/src/media/errors.js";
import { withinFullScale } from "../../../packages/detection/src/media/sample-bounds.js";
import flacSamples from "../../fixtures/voice/librispeech-flac-samples.json" with { type: "json" };
import { dataDir, dataFile } from "./data-dir.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const work = mkdtempSync(path.join(tmpdir(), "lg-audio-in-process-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const librispeech = path.join(dataDir, "voices/librispeech");
/** The first recording of each LibriSpeech speaker in the shared data: 16 kHz, 16-bit, mono FLAC. */
const speakerFiles = readdirSync(librispeech, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const first = readdirSync(path.join(librispeech, entry.name)).filter((name) => name.endsWith(".flac"))[0];
    return path.join("voices/librispeech", entry.name, first as string);
  });
const [speakerA, speakerB] = speakerFiles.map((file) => path.join(dataDir, file)) as [string, string];

/** Real recordings re-encoded by ffmpeg into another container or layout (a seekable file, so headers hold sizes). */
let made = 0;
function encode(inputs: string[], args: string[], extension: string): Uint8Array {
  const out = path.join(work, `${made++}.${extension}`);
  execFileSync("ffmpeg", ["-v", "error", "-y", ...inputs.flatMap((input) => ["-i", input]), ...args, out]);
  return new Uint8Array(readFileSync(out));
}
const bothSpeakers = (after: string) => ["-filter_complex", `[0:a][1:a]amerge=inputs=2${after}[a]`, "-map", "[a]"];

const chunkAt = (wav: Uint8Array, id: string) =>
  wav.findIndex((_, i) => String.fromCharCode(...wav.subarray(i, i + 4)) === id);

/** Differing samples, bit for bit (so -0 and NaN count), plus any length difference. */
function mismatches(actual: Float32Array, expected: Float32Array): number {
  const a = new Uint32Array(actual.buffer, actual.byteOffset, actual.length);
  const b = new Uint32Array(expected.buffer, expected.byteOffset, expected.length);
  let count = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) count++;
  return count;
}

async function expectSameAsFfmpeg(bytes: Uint8Array): Promise<void> {
  const inProcess = decodeInProcess(bytes, 16_000, 600);
  expect(inProcess, "decoded in-process").not.toBeNull();
  const ffmpeg = await decodeAudioWithFfmpeg(bytes);
  expect((inProcess as Float32Array).length).toBe(ffmpeg.samples.length);
  expect(mismatches(inProcess as Float32Array, ffmpeg.samples)).toBe(0);
  // decodeAudio then holds either path's samples to full scale (the louder cases here pass ±1).
  const decoded = await decodeAudio(bytes);
  expect(mismatches(decoded.samples, withinFullScale(ffmpeg.samples.slice()))).toBe(0);
  expect(decoded.durationSeconds).toBe(ffmpeg.durationSeconds);
}

/** Bits written most significant first, for FLAC streams no encoder would make. */
class BitWriter {
  readonly bytes: number[] = [];
  private pending = 0;
  private count = 0;
  put(value: number, bits: number): this {
    for (let i = bits - 1; i >= 0; i--) {
      this.pending = (this.pending << 1) | (Math.floor(value / 2 ** i) & 1);
      if (++this.count === 8) {
        this.bytes.push(this.pending);
        this.pending = 0;
        this.count = 0;
      }
    }
    return this;
  }
  signed(value: number, bits: number): this {
    return this.put(value < 0 ? value + 2 ** bits : value, bits);
  }
  /** Zero bits up to the next byte boundary. */
  align(): this {
    while (this.count !== 0) this.put(0, 1);
    return this;
  }
}

function crc(bytes: number[], width: 8 | 16, polynomial: number): number {
  const top = 1 << (width - 1);
  const mask = (1 << width) - 1;
  let value = 0;
  for (const byte of bytes) {
    value ^= byte << (width - 8);
    for (let bit = 0; bit < 8; bit++) value = value & top ? ((value << 1) ^ polynomial) & mask : (value << 1) & mask;
  }
  return value;
}

/**
 * A 16 kHz 16-bit mono FLAC of one 192-sample frame with valid checksums whose order-1 LPC
 * subframe (warm-up 30,000, coefficient 16,383, zero residuals) predicts samples far past 16 bits.
 */
function flacPredictingPastItsBits(): Uint8Array {
  const blockSize = 192;
  const head = new BitWriter().put(0x664c6143, 32).put(0x80, 8).put(34, 24);
  head.put(blockSize, 16).put(blockSize, 16).put(0, 24).put(0, 24);
  head.put(16_000, 20).put(0, 3).put(15, 5).put(0, 4).put(blockSize, 32);
  for (let i = 0; i < 16; i++) head.put(0, 8);
  // Sync, fixed blocking, 192 samples, rate/channels/size from STREAMINFO, frame 0, then its CRC-8.
  const frame = new BitWriter().put(0x3ffe, 14).put(0, 2).put(1, 4).put(0, 12).put(0, 8);
  frame.put(crc(frame.bytes, 8, 0x07), 8);
  frame.put(0, 1).put(32, 6).put(0, 1).signed(30_000, 16).put(14, 4).signed(0, 5).signed(16_383, 15);
  // Rice coding, one partition, parameter 0: each zero residual is a single 1 bit.
  frame.put(0, 10);
  for (let i = 1; i < blockSize; i++) frame.put(1, 1);
  frame.align();
  frame.put(crc(frame.bytes, 16, 0x8005), 16);
  return new Uint8Array([...head.bytes, ...frame.bytes]);
}

async function errorCode(work: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof work === "function" ? work() : work);
  } catch (error) {
    if (error instanceof MediaError) return error.code;
    throw error;
  }
  return "no error";
}

describe("audio decoded in-process", () => {
  it("gives ffmpeg's exact samples for 16 kHz WAV in 16, 24 and 32-bit integer and float, mono and stereo", async () => {
    // Louder, so 32-bit integers carry low bits that float32 must round the way swresample does.
    for (const codec of ["pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_f32le"]) {
      await expectSameAsFfmpeg(encode([speakerA], ["-af", "volume=2.5", "-c:a", codec], "wav"));
      await expectSameAsFfmpeg(encode([speakerA, speakerB], [...bothSpeakers(",volume=2.5"), "-c:a", codec], "wav"));
    }
  });

  it("leaves audio that needs resampling, a lossy decoder or a FLAC decoder to ffmpeg", async () => {
    const others = [
      "spoof-audio/tortoise-tts/real/lj/1.wav", // 22.05 kHz PCM
      "provenance/c2pa-rs-fixtures/sdk/tests/fixtures/sample1.wav", // 8 kHz stereo PCM
      "spoof-audio/tortoise-tts/cloned/tom/autoregressive_ml.mp3",
    ];
    for (const file of others) expect(decodeInProcess(dataFile(file), 16_000, 600), file).toBeNull();
    for (const file of speakerFiles) expect(decodeInProcess(dataFile(file), 16_000, 600), file).toBeNull();
    const threeChannels = encode([speakerA, speakerB, speakerA], ["-filter_complex", "amerge=inputs=3"], "wav");
    expect(decodeInProcess(threeChannels, 16_000, 600)).toBeNull();
    expect((await decodeAudio(threeChannels)).samples.length).toBeGreaterThan(0);
    // 16-bit PCM carrying an IEC 61937 burst is AC-3/DTS to ffmpeg; a foreign sub-format GUID is another codec.
    const spdif = encode([speakerA], ["-c:a", "pcm_s16le"], "wav");
    expect(decodeInProcess(spdif, 16_000, 600)).not.toBeNull();
    spdif.set([0x72, 0xf8, 0x1f, 0x4e], chunkAt(spdif, "data") + 8 + 1000);
    expect(decodeInProcess(spdif, 16_000, 600)).toBeNull();
    const foreignGuid = encode([speakerA], ["-c:a", "pcm_s24le"], "wav");
    expect(decodeInProcess(foreignGuid, 16_000, 600)).not.toBeNull();
    foreignGuid[20 + 24 + 15] = 0;
    expect(decodeInProcess(foreignGuid, 16_000, 600)).toBeNull();
  });
});

describe("FLAC, decoded by ffmpeg", () => {
  it("gives every LibriSpeech recording the very samples the hand-written decoder it replaced gave", async () => {
    const pinned = flacSamples.samplesSha256 as Record<string, string>;
    expect(Object.keys(pinned).length).toBeGreaterThanOrEqual(50);
    for (const [file, expected] of Object.entries(pinned)) {
      const { samples } = await decodeAudio(dataFile(file));
      expect(sha256(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)), file).toBe(expected);
    }
  });

  it("keeps the frames before the cut of a truncated FLAC, and counts only those against the limit", async () => {
    const whole = dataFile(speakerFiles[0] as string);
    const cut = whole.subarray(0, whole.length - 7);
    const maxSeconds = (await decodeAudioWithFfmpeg(cut)).durationSeconds;
    expect(maxSeconds).toBeGreaterThan(0);
    expect((await decodeAudio(cut, { maxSeconds })).samples.length).toBe(maxSeconds * 16_000);
  });
});

describe("hostile audio", () => {
  it("stops a FLAC whose frames claim ten hours at the limit, without allocating the ten hours", async () => {
    // One frame of 65,535 silent samples is 13 bytes: repeated, 114 kB of file claims ten hours.
    const silence = encode(
      [],
      ["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono:nb_samples=65535", "-frames:a", "1"].concat([
        "-c:a",
        "flac",
        "-frame_size",
        "65535",
      ]),
      "flac",
    );
    const frameAt = silence.findIndex((byte, i) => byte === 0xff && silence[i + 1] === 0xf8);
    const frame = silence.subarray(frameAt);
    const frames = Math.ceil((10 * 3600 * 16_000) / 65_535);
    const bomb = new Uint8Array(frameAt + frames * frame.length);
    bomb.set(silence.subarray(0, frameAt));
    for (let i = 0; i < frames; i++) bomb.set(frame, frameAt + i * frame.length);
    const rssBefore = process.memoryUsage().rss;
    expect(await errorCode(decodeAudio(bomb))).toBe("too_long");
    // Ten hours of float32 would be 2.3 GB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(1024 ** 3);
  });

  it("leaves to ffmpeg a FLAC whose checksummed frame predicts samples past its bit depth", async () => {
    const bytes = flacPredictingPastItsBits();
    expect(decodeInProcess(bytes, 16_000, 600)).toBeNull();
    const decoded = await decodeAudio(bytes);
    expect(decoded.samples.length).toBe(192);
    expect(decoded.samples.every((sample) => sample >= -1 && sample < 1)).toBe(true);
    expect(mismatches(decoded.samples, (await decodeAudioWithFfmpeg(bytes)).samples)).toBe(0);
  });

  it("refuses audio over the length limit, as the ffmpeg path does", async () => {
    const wav = encode([speakerA], ["-c:a", "pcm_s16le"], "wav");
    const flac = dataFile(speakerFiles[0] as string);
    expect(await errorCode(() => decodeInProcess(wav, 16_000, 2))).toBe("too_long");
    for (const bytes of [wav, flac]) {
      expect(await errorCode(decodeAudio(bytes, { maxSeconds: 2 }))).toBe("too_long");
      expect(await errorCode(decodeAudioWithFfmpeg(bytes, { maxSeconds: 2 }))).toBe("too_long");
    }
  });

  it("leaves a FLAC with a damaged frame to ffmpeg, which decodes it rather than fail the file", async () => {
    const damaged = dataFile(speakerFiles[0] as string).slice();
    for (let i = 20_000; i < 20_040; i++) damaged[i] = (damaged[i] as number) ^ 0x5a;
    expect(decodeInProcess(damaged, 16_000, 600)).toBeNull();
    const viaFfmpeg = await decodeAudioWithFfmpeg(damaged);
    expect(viaFfmpeg.samples.length).toBeGreaterThan(0);
    expect(Buffer.from((await decodeAudio(damaged)).samples.buffer).equals(Buffer.from(viaFfmpeg.samples.buffer))).toBe(
      true,
    );
  });

  it("leaves a WAV whose data size runs past the file to ffmpeg, which reads what is there", async () => {
    const wav = encode([speakerA], ["-c:a", "pcm_s16le"], "wav");
    const cut = wav.subarray(0, wav.length - 1001);
    expect(decodeInProcess(cut, 16_000, 600)).toBeNull();
    const decoded = await decodeAudio(cut);
    expect(decoded.samples.length).toBe((await decodeAudioWithFfmpeg(cut)).samples.length);
    // A header claiming ten hours of data over a few seconds of it.
    const claimsHours = wav.slice();
    const view = new DataView(claimsHours.buffer);
    view.setUint32(chunkAt(claimsHours, "data") + 4, 10 * 3600 * 16_000 * 2, true);
    expect(decodeInProcess(claimsHours, 16_000, 600)).toBeNull();
    expect((await decodeAudio(claimsHours)).samples.length).toBe((await decodeAudioWithFfmpeg(wav)).samples.length);
  });

  it("fails empty files and files cut before any audio with typed errors", async () => {
    expect(await errorCode(decodeAudio(new Uint8Array()))).toBe("empty");
    const flac = dataFile(speakerFiles[0] as string);
    expect(await errorCode(decodeAudio(flac.subarray(0, 100)))).toBe("decode_failed");
    const wav = encode([speakerA], ["-c:a", "pcm_s16le"], "wav");
    expect(await errorCode(decodeAudio(wav.subarray(0, 44)))).toBe("decode_failed");
    expect(await errorCode(decodeAudio(wav.subarray(0, 30)))).toBe("decode_failed");
  });
});
