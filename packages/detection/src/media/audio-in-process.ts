import { downmixToMono } from "./downmix.js";
import { MediaError } from "./errors.js";
import { decodeWav } from "./wav.js";

/**
 * Audio decoded without an ffmpeg process where the result is exactly ffmpeg's: PCM WAV, one or
 * two channels, already at the wanted rate (a header and a copy). Everything else stays on ffmpeg,
 * FLAC included (a codec is not worth a hand-written decoder to maintain), because the voice and
 * anti-spoofing calibrations were fitted on ffmpeg's output. Returns null for anything left to ffmpeg.
 */

/** Mono float32 samples at `sampleRate`, or null to leave the media to ffmpeg. */
export function decodeInProcess(bytes: Uint8Array, sampleRate: number, maxSeconds: number): Float32Array | null {
  // The same bound as the ffmpeg path, which fails once its output passes this many samples.
  const maxSamples = Math.ceil(maxSeconds * sampleRate);
  const tooLong = () => new MediaError("too_long", `Audio is longer than the ${maxSeconds} s limit`);
  const pcm = decodeWav(bytes, sampleRate, maxSamples, tooLong);
  if (!pcm) return null;
  const samples = downmixToMono(pcm.channels);
  if (samples.length === 0) throw new MediaError("decode_failed", "The file holds no audio");
  return samples;
}
