import { type SpeechDetection, speechRanges, toSpeechDetection } from "./vad.js";

/**
 * Resemblyzer's preprocess_wav on 16 kHz PCM, given the VAD's frame probabilities: the speech
 * ranges, the speech kept end to end, the level raised. Runtime-free, for server and browser alike.
 */

export interface SpeechAnalysis extends SpeechDetection {
  ranges: [number, number][];
}

export function speechAnalysis(probabilities: Float32Array, samples: number): SpeechAnalysis {
  const ranges = speechRanges(probabilities, samples);
  return { ...toSpeechDetection(ranges), ranges };
}

/** The speech ranges joined end to end: what Resemblyzer's trim_long_silences keeps. */
export function keepSpeech(pcm16k: Float32Array, ranges: [number, number][]): Float32Array {
  const total = ranges.reduce((sum, [s, e]) => sum + (e - s), 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const [s, e] of ranges) {
    out.set(pcm16k.subarray(s, e), at);
    at += e - s;
  }
  return out;
}

const INT16_MAX = 32767;

/**
 * Resemblyzer's normalize_volume(wav, -30 dBFS, increase_only=True): the encoder's input is a power
 * spectrogram, not a log one, so level matters; quiet recordings are raised, loud ones kept.
 */
export function normaliseVolume(pcm: Float32Array, targetDbfs = -30): Float32Array {
  let sum = 0;
  for (const v of pcm) sum += (v * INT16_MAX) ** 2;
  const rms = Math.sqrt(sum / Math.max(1, pcm.length));
  if (rms === 0) return pcm;
  const change = targetDbfs - 20 * Math.log10(rms / INT16_MAX);
  if (change < 0) return pcm;
  const gain = 10 ** (change / 20);
  return pcm.map((v) => v * gain);
}
