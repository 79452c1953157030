import { aasist } from "../models/registry.js";
import type { AasistLogits } from "./aasist.js";
import { AASIST_CONFIGS, type AasistVariant } from "./aasist-config.js";
import { repeatToLength, samplesWithin, windowStarts } from "./windows.js";

/**
 * Synthetic (cloned / text-to-speech) voice score with AASIST. Each 4 s window gets
 * p(spoof) = softmax(logits)[spoof]; the audio's score is the mean over windows, so one odd window
 * does not decide alone, and every window's score is returned as evidence.
 */
export type { AasistVariant } from "./aasist-config.js";

export interface SyntheticVoiceScore {
  /** 0..1 probability that the speech is synthetic, averaged over the scored windows. */
  score: number;
  windows: { startS: number; score: number }[];
  /** Windows left unscored, and why. */
  skipped: { startS: number; reason: string }[];
  model: string;
}

export interface ScoreOptions {
  model?: AasistVariant;
  /** Upper bound on windows scored (spread over the audio). Default 16 (64 s of audio scored). */
  maxWindows?: number;
  /**
   * Where voice activity detection found speech, as [start, end) sample ranges of the audio. A
   * cloned voice is speech, so a window without any is not scored: AASIST would only be judging
   * silence or music, at the cost of a full window. Without ranges every window is scored.
   */
  speech?: readonly (readonly [number, number])[];
}

const SAMPLE_RATE = 16_000;
const DEFAULT_MAX_WINDOWS = 16;
export const NO_SPEECH_REASON = "voice activity detection found no speech in this window";

export function spoofProbability(logits: AasistLogits): number {
  // softmax over (spoof, bona fide), computed stably.
  return 1 / (1 + Math.exp(logits.bonafide - logits.spoof));
}

export async function scoreSynthetic(pcm16k: Float32Array, opts: ScoreOptions = {}): Promise<SyntheticVoiceScore> {
  if (pcm16k.length === 0) throw new Error("scoreSynthetic needs at least one sample");
  const variant = opts.model ?? "AASIST";
  const length = AASIST_CONFIGS[variant].samples;
  const model = aasist(variant);
  const starts = windowStarts(pcm16k.length, length, opts.maxWindows ?? DEFAULT_MAX_WINDOWS);
  const { speech } = opts;
  const withSpeech = speech ? starts.filter((start) => samplesWithin(speech, start, start + length) > 0) : starts;
  // If the VAD saw speech in no window at all, it is more likely wrong than the audio silent: score them all.
  const scored = new Set(withSpeech.length > 0 ? withSpeech : starts);
  const windows: SyntheticVoiceScore["windows"] = [];
  const skipped: SyntheticVoiceScore["skipped"] = [];
  for (const start of starts) {
    if (!scored.has(start)) {
      skipped.push({ startS: start / SAMPLE_RATE, reason: NO_SPEECH_REASON });
      continue;
    }
    const window = repeatToLength(pcm16k.subarray(start), length);
    windows.push({ startS: start / SAMPLE_RATE, score: spoofProbability(await model.predict(window)) });
  }
  const score = windows.reduce((sum, w) => sum + w.score, 0) / windows.length;
  return { score, windows, skipped, model: variant };
}
