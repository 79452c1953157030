import { MediaError } from "./errors.js";
import { type DecodedPcm, decodeFlac } from "./flac.js";
import { decodeWav } from "./wav.js";

/**
 * Audio decoded without an ffmpeg process where the result is exactly ffmpeg's: PCM WAV and FLAC,
 * one or two channels, already at the wanted rate. Resampling and lossy codecs stay on ffmpeg,
 * because the voice and anti-spoofing calibrations were fitted on ffmpeg's output and another
 * resampler or decoder would move them. Returns null for anything left to ffmpeg.
 */

/** ffmpeg's `-ac 1` from stereo into float output: swresample's matrix gives each side √½, unnormalised. */
const STEREO_TO_MONO = Math.fround(Math.SQRT1_2);

/** Mono the way swresample mixes it: each product and the sum rounded to float32. */
function downmix(pcm: DecodedPcm): Float32Array {
  const [left, right] = pcm.channels as [Float32Array, Float32Array | undefined];
  if (!right) return left;
  const mono = new Float32Array(left.length);
  for (let i = 0; i < mono.length; i++)
    mono[i] = Math.fround(
      Math.fround((left[i] as number) * STEREO_TO_MONO) + Math.fround((right[i] as number) * STEREO_TO_MONO),
    );
  return mono;
}

/** Mono float32 samples at `sampleRate`, or null to leave the media to ffmpeg. */
export function decodeInProcess(bytes: Uint8Array, sampleRate: number, maxSeconds: number): Float32Array | null {
  // The same bound as the ffmpeg path, which fails once its output passes this many samples.
  const maxSamples = Math.ceil(maxSeconds * sampleRate);
  const tooLong = () => new MediaError("too_long", `Audio is longer than the ${maxSeconds} s limit`);
  const pcm = decodeWav(bytes, sampleRate, maxSamples, tooLong) ?? decodeFlac(bytes, sampleRate, maxSamples, tooLong);
  if (!pcm) return null;
  const samples = downmix(pcm);
  if (samples.length === 0) throw new MediaError("decode_failed", "The file holds no audio");
  return samples;
}
