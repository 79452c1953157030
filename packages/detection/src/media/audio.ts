import type { MediaFormat } from "../result.js";
import { decodeInProcess } from "./audio-in-process.js";
import { MediaError } from "./errors.js";
import { OutputLimitExceeded, pinnedInput, pinnedProbeInput, runTool, withTemporaryFile } from "./ffmpeg.js";
import { withinFullScale } from "./sample-bounds.js";
import { sniffMediaType } from "./sniff.js";

/**
 * Audio intake through ffmpeg: any container or codec ffmpeg reads comes out as mono float32 PCM
 * at the rate the voice models expect (16 kHz). The media goes through a private temporary file,
 * not stdin, because MP4/M4A files with the index at the end cannot be demuxed from a pipe, and
 * ffmpeg reads it as the format its magic bytes say (ffmpeg.ts). Output is bounded: decoding stops
 * and fails as soon as it passes `maxSeconds`. PCM WAV already at the wanted rate is decoded
 * in-process instead (audio-in-process.ts), to the same samples.
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
  const format = audioCarrier(bytes);
  return withTemporaryFile(bytes, (file) => runDecoder(file, format, sampleRate, maxSeconds));
}

/** Audio is read from audio files and from the sound track of video containers. */
function audioCarrier(bytes: Uint8Array): MediaFormat {
  const type = sniffMediaType(bytes);
  if (type.kind === "image") throw new MediaError("unsupported_type", `Expected audio, got a ${type.format} image`);
  return type.format;
}

/** ffmpeg output options for the voice models' input: the audio track alone, mono float32 at `sampleRate`. */
export const monoFloatOutput = (sampleRate: number) => ["-vn", "-ac", "1", "-ar", String(sampleRate), "-f", "f32le"];

async function runDecoder(file: string, format: MediaFormat, sampleRate: number, maxSeconds: number) {
  const maxBytes = Math.ceil(maxSeconds * sampleRate) * 4;
  const args = ["-hide_banner", "-nostdin", "-loglevel", "error", ...pinnedInput(format, file)];
  args.push(...monoFloatOutput(sampleRate), "pipe:1");
  let all: Buffer;
  try {
    all = await runTool({ tool: "ffmpeg", args, format, maxOutputBytes: maxBytes });
  } catch (error) {
    if (error instanceof OutputLimitExceeded) {
      throw new MediaError("too_long", `Audio is longer than the ${maxSeconds} s limit`);
    }
    throw error;
  }
  return decodedFromF32le(all, sampleRate);
}

/** ffmpeg's `-f f32le` output as samples (not yet held to full scale: decodeAudio does that). */
export function decodedFromF32le(all: Buffer, sampleRate: number): DecodedAudio {
  const count = Math.floor(all.length / 4);
  if (count === 0) throw new MediaError("decode_failed", "The file holds no audio");
  // Copy into an aligned buffer: Buffer.concat may hand back a pooled, unaligned slice.
  const samples = new Float32Array(count);
  new Uint8Array(samples.buffer).set(all.subarray(0, count * 4));
  return { samples, sampleRate, durationSeconds: count / sampleRate };
}

/** Duration from the container (ffprobe), without decoding; for media that doesn't say, decodes. */
export function probeDurationSeconds(bytes: Uint8Array): Promise<number> {
  const format = audioCarrier(bytes);
  return withTemporaryFile(bytes, async (file) => {
    const args = ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1"];
    const output = await runTool({
      tool: "ffprobe",
      args: [...args, ...pinnedProbeInput(format, file)],
      format,
      maxOutputBytes: 200,
    });
    const seconds = Number.parseFloat(output.toString("utf8").trim());
    if (Number.isFinite(seconds) && seconds > 0) return seconds;
    return (await runDecoder(file, format, 16_000, DEFAULT_MAX_SECONDS)).durationSeconds;
  });
}
