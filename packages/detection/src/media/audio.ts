import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeInProcess } from "./audio-in-process.js";
import { MediaError } from "./errors.js";
import { withinFullScale } from "./sample-bounds.js";

/**
 * Audio intake through ffmpeg: any container or codec ffmpeg reads comes out as mono float32 PCM
 * at the rate the voice models expect (16 kHz). The media goes through a private temporary file,
 * not stdin, because MP4/M4A files with the index at the end cannot be demuxed from a pipe.
 * Output is bounded: decoding stops and fails as soon as it passes `maxSeconds`. PCM WAV and FLAC
 * already at the wanted rate are decoded in-process instead (audio-in-process.ts), to the same samples.
 */

export interface DecodedAudio {
  samples: Float32Array;
  sampleRate: number;
  durationSeconds: number;
}

export interface DecodeOptions {
  /** Longest audio accepted; longer input fails with MediaError "too_long". Default 600 s. */
  maxSeconds?: number;
  sampleRate?: number;
}

const DEFAULT_MAX_SECONDS = 600;
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";

async function withTemporaryFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  if (bytes.length === 0) throw new MediaError("empty", "The file is empty");
  const file = path.join(tmpdir(), `lg-audio-${randomUUID()}`);
  await writeFile(file, bytes, { mode: 0o600 });
  try {
    return await use(file);
  } finally {
    await rm(file, { force: true });
  }
}

export async function decodeAudio(bytes: Uint8Array, opts: DecodeOptions = {}): Promise<DecodedAudio> {
  const sampleRate = opts.sampleRate ?? 16_000;
  if (bytes.length === 0) throw new MediaError("empty", "The file is empty");
  // Spawning ffmpeg costs more CPU than decoding a recording; only exact matches skip it.
  const inProcess = decodeInProcess(bytes, sampleRate, opts.maxSeconds ?? DEFAULT_MAX_SECONDS);
  const decoded = inProcess
    ? { samples: inProcess, sampleRate, durationSeconds: inProcess.length / sampleRate }
    : await decodeAudioWithFfmpeg(bytes, opts);
  withinFullScale(decoded.samples);
  return decoded;
}

/** The ffmpeg path alone, whatever the format: decodeAudio's fallback, and the reference its in-process path is held to. */
export function decodeAudioWithFfmpeg(bytes: Uint8Array, opts: DecodeOptions = {}): Promise<DecodedAudio> {
  const sampleRate = opts.sampleRate ?? 16_000;
  const maxSeconds = opts.maxSeconds ?? DEFAULT_MAX_SECONDS;
  return withTemporaryFile(bytes, (file) => runDecoder(file, sampleRate, maxSeconds));
}

function runDecoder(file: string, sampleRate: number, maxSeconds: number): Promise<DecodedAudio> {
  const maxBytes = Math.ceil(maxSeconds * sampleRate) * 4;
  const args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-i", file, "-vn", "-ac", "1"];
  args.push("-ar", String(sampleRate), "-f", "f32le", "pipe:1");
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let received = 0;
    let tooLong = false;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (tooLong) return;
      received += chunk.length;
      if (received > maxBytes) {
        tooLong = true;
        child.kill("SIGKILL");
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      // Only the start of ffmpeg's complaint is useful, and it must not grow without bound.
      if (stderr.length < 2000) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => reject(new MediaError("decode_failed", `ffmpeg could not run: ${error.message}`)));
    child.on("close", (code) => {
      if (tooLong) {
        reject(new MediaError("too_long", `Audio is longer than the ${maxSeconds} s limit`));
        return;
      }
      if (code !== 0) {
        reject(new MediaError("decode_failed", `Could not decode the audio: ${stderr.trim().split("\n")[0] ?? ""}`));
        return;
      }
      const all = Buffer.concat(chunks, received);
      const count = Math.floor(all.length / 4);
      if (count === 0) {
        reject(new MediaError("decode_failed", "The file holds no audio"));
        return;
      }
      // Copy into an aligned buffer: Buffer.concat may hand back a pooled, unaligned slice.
      const samples = new Float32Array(count);
      new Uint8Array(samples.buffer).set(all.subarray(0, count * 4));
      resolve({ samples, sampleRate, durationSeconds: count / sampleRate });
    });
  });
}

/** Duration from the container (ffprobe), without decoding; for media that doesn't say, decodes. */
export function probeDurationSeconds(bytes: Uint8Array): Promise<number> {
  return withTemporaryFile(bytes, async (file) => {
    const output = await new Promise<string>((resolve, reject) => {
      const args = ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", file];
      const child = spawn(FFPROBE, args, { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        if (out.length < 200) out += chunk.toString("utf8");
      });
      child.on("error", (error) => reject(new MediaError("decode_failed", `ffprobe could not run: ${error.message}`)));
      child.on("close", (code) =>
        code === 0 ? resolve(out.trim()) : reject(new MediaError("decode_failed", "Could not read the media")),
      );
    });
    const seconds = Number.parseFloat(output);
    if (Number.isFinite(seconds) && seconds > 0) return seconds;
    return (await runDecoder(file, 16_000, DEFAULT_MAX_SECONDS)).durationSeconds;
  });
}
