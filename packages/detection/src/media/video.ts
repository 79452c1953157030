import type { MediaFormat } from "../result.js";
import { type DecodedAudio, decodedFromF32le, monoFloatOutput } from "./audio.js";
import { MediaError } from "./errors.js";
import {
  OutputLimitExceeded,
  pinnedInput,
  pinnedProbeInput,
  runTool,
  runToolWithOutputs,
  withTemporaryFile,
} from "./ffmpeg.js";
import type { RgbImage } from "./image.js";
import type { MediaLimits } from "./limits.js";
import { withinFullScale } from "./sample-bounds.js";
import { sniffMediaType } from "./sniff.js";

/**
 * Video intake: ffprobe for duration, streams and container tags, then frames sampled at a fixed
 * rate (1 fps by default) as RGB scaled for analysis. On request the same ffmpeg run also decodes
 * the audio track for the voice models (the samples decodeAudio gives), so an analysis starts one
 * decoder, not two, and reads the container once. ffmpeg decodes on one thread (`-threads 1`): the
 * same frames, bit for bit, with less CPU spent coordinating threads, and a worker analyses one
 * item per core anyway.
 */

export interface VideoProbe {
  format: MediaFormat;
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** Container and stream tags (encoder, creation tool...), kept as provenance evidence. */
  tags: Record<string, string>;
}

export interface VideoFrame {
  timeSeconds: number;
  image: RgbImage;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}
interface ProbeOutput {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: ProbeStream[];
}

async function ffprobe(format: MediaFormat, file: string): Promise<ProbeOutput> {
  const args = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"];
  const output = await runTool({
    tool: "ffprobe",
    args: [...args, ...pinnedProbeInput(format, file)],
    format,
    maxOutputBytes: 1_000_000,
  });
  try {
    return JSON.parse(output.toString("utf8")) as ProbeOutput;
  } catch {
    throw new MediaError("decode_failed", `The ${format.toUpperCase()} file could not be read`);
  }
}

function rotationOf(stream: ProbeStream): number {
  const fromSideData = stream.side_data_list?.find((entry) => typeof entry.rotation === "number")?.rotation;
  const fromTag = stream.tags?.rotate ? Number.parseFloat(stream.tags.rotate) : undefined;
  return Math.abs(fromSideData ?? fromTag ?? 0) % 180;
}

function describe(format: MediaFormat, probe: ProbeOutput, limits: MediaLimits): VideoProbe {
  const video = probe.streams?.find((stream) => stream.codec_type === "video");
  if (!video?.width || !video.height) throw new MediaError("decode_failed", "The file holds no video stream");
  const durationSeconds = Number.parseFloat(probe.format?.duration ?? "");
  if (!Number.isFinite(durationSeconds)) throw new MediaError("decode_failed", "The video does not state its duration");
  if (durationSeconds > limits.maxVideoSeconds) {
    throw new MediaError(
      "too_long",
      `The video lasts ${durationSeconds.toFixed(1)} s; the limit is ${limits.maxVideoSeconds} s`,
    );
  }
  // ffmpeg applies the rotation before our filters, so the frames come out upright.
  const quarterTurn = rotationOf(video) === 90;
  const width = quarterTurn ? video.height : video.width;
  const height = quarterTurn ? video.width : video.height;
  if (width * height > limits.maxPixels) {
    throw new MediaError(
      "dimensions_too_large",
      `Video frames are ${width}×${height}; the limit is ${limits.maxPixels} pixels`,
    );
  }
  const tags: Record<string, string> = { ...(probe.format?.tags ?? {}) };
  for (const [key, value] of Object.entries(video.tags ?? {})) tags[`video:${key}`] = value;
  return {
    format,
    durationSeconds,
    width,
    height,
    hasAudio: probe.streams?.some((stream) => stream.codec_type === "audio") ?? false,
    tags,
  };
}

function analysisSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(2, Math.round(width * scale)), height: Math.max(2, Math.round(height * scale)) };
}

export interface SampledVideo {
  probe: VideoProbe;
  frames: VideoFrame[];
  /** The audio track as decodeAudio gives it, when asked for and the file has one; else null. */
  audio: DecodedAudio | null;
}

export interface SampleOptions {
  /** Also decode the audio track, mono at this rate (16 kHz for the voice models). */
  audioSampleRate?: number;
}

export function sampleVideo(
  bytes: Uint8Array,
  limits: MediaLimits,
  options: SampleOptions = {},
): Promise<SampledVideo> {
  const type = sniffMediaType(bytes);
  if (type.kind !== "video") throw new MediaError("unsupported_type", `Expected a video, got ${type.format}`);
  if (bytes.length > limits.maxBytes) {
    throw new MediaError("too_large", `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes}`);
  }
  return withTemporaryFile(bytes, async (file) => {
    const probe = describe(type.format, await ffprobe(type.format, file), limits);
    const size = analysisSize(probe.width, probe.height, limits.analysisMaxSide);
    const frameBytes = size.width * size.height * 3;
    const fps = limits.videoFramesPerSecond;
    const filter = `fps=${fps},scale=${size.width}:${size.height}`;
    const args = ["-hide_banner", "-nostdin", "-loglevel", "error", "-threads", "1", ...pinnedInput(type.format, file)];
    args.push("-an", "-vf", filter);
    args.push("-frames:v", String(limits.maxVideoFrames), "-pix_fmt", "rgb24", "-f", "rawvideo", "pipe:1");
    const maxOutputBytes = [frameBytes * limits.maxVideoFrames];
    const sampleRate = probe.hasAudio ? options.audioSampleRate : undefined;
    if (sampleRate) {
      args.push(...monoFloatOutput(sampleRate), "pipe:3");
      maxOutputBytes.push(Math.ceil(limits.maxVideoSeconds * sampleRate) * 4);
    }
    let outputs: Buffer[];
    try {
      outputs = await runToolWithOutputs({ tool: "ffmpeg", args, format: type.format, maxOutputBytes });
    } catch (error) {
      if (error instanceof OutputLimitExceeded) {
        throw new MediaError(
          "too_long",
          error.output === 0
            ? `The video has more than the ${limits.maxVideoFrames} frames analysed`
            : `The audio track is longer than the ${limits.maxVideoSeconds} s limit`,
        );
      }
      throw error;
    }
    const raw = outputs[0] as Buffer;
    const frames: VideoFrame[] = [];
    for (let index = 0; (index + 1) * frameBytes <= raw.length; index++) {
      const bytesOfFrame = raw.subarray(index * frameBytes, (index + 1) * frameBytes);
      const previous = frames[index - 1]?.image;
      // The fps filter repeats a frame where the stream starts late or stalls: the repeat is the
      // same image object, so whatever reads frames can tell, and reuse what it read of it.
      if (previous && Buffer.compare(bytesOfFrame, previous.data) === 0) {
        frames.push({ timeSeconds: index / fps, image: previous });
        continue;
      }
      const data = new Uint8Array(frameBytes);
      data.set(bytesOfFrame);
      // The fps filter emits the frame nearest each tick; tick i sits at i/fps seconds.
      frames.push({ timeSeconds: index / fps, image: { data, width: size.width, height: size.height } });
    }
    if (frames.length === 0) throw new MediaError("decode_failed", "No frame could be decoded from the video");
    const audio = sampleRate ? withinFullScaleAudio(decodedFromF32le(outputs[1] as Buffer, sampleRate)) : null;
    return { probe, frames, audio };
  });
}

function withinFullScaleAudio(audio: DecodedAudio): DecodedAudio {
  withinFullScale(audio.samples);
  return audio;
}
