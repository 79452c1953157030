import { countermeasureHeadFit } from "../fitted/heads.js";
import { modelFiles } from "../models/model-files.js";
import { whisperEncoder } from "../models/registry.js";
import type { OperatingPoint, Signal } from "../result.js";
import { WHISPER_ENCODER_FILE } from "./encoder-model.js";
import { WINDOW_SECONDS } from "./windows.js";

/**
 * The voice countermeasure for cloned and text-to-speech voices: frozen Whisper base encoder,
 * each speech window summarised by every used layer's mean and standard deviation over speech
 * frames, a logistic head on those (fitted by scripts/fit-voice-countermeasure.ts on
 * ../shared/train with codec augmentation), window log-odds averaged over the clip and
 * Platt-calibrated to a probability, decided at an operating point whose false-positive rate was
 * measured on genuine speech the head had not seen.
 */

export interface CountermeasureHead {
  /** Hidden states whose statistics the head reads: 0 is the embeddings, i the output of layer i. */
  hiddenStates: number[];
  /** Per used hidden state: 512 weights on the means, then 512 on the standard deviations (standardisation folded in). */
  weights: number[];
  /** The standard deviations enter the head as log(σ + STD_LOG_FLOOR) rather than σ. */
  logStandardDeviations?: boolean;
  bias: number;
  /** p(synthetic) = σ(a · mean window log-odds + b), fitted on held-out scores with equal class priors. */
  platt: { a: number; b: number };
  maxWindows: number;
  operatingPoint: OperatingPoint;
  /** Where and how it was fitted, for the evidence and the docs. */
  fit: Record<string, unknown>;
}

export const defaultHead: CountermeasureHead = countermeasureHeadFit;

export const VOICE_SYNTHETIC_MODEL = "Whisper-base countermeasure";

export interface CountermeasureReading {
  probability: number;
  /** Mean of the windows' log-odds before calibration. */
  logit: number;
  windows: { startS: number; endS: number; speechSeconds: number; logit: number; probability: number }[];
  skipped: { startS: number; endS: number; speechSeconds: number }[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const WIDTH = 512;

/**
 * Keeps log σ finite for a dimension that is constant over a window's speech frames; far below
 * the smallest σ seen in the fitting data, so it moves no real reading.
 */
export const STD_LOG_FLOOR = 1e-4;

/**
 * What the head's weights multiply: the used hidden states' statistics, standard deviations as
 * logarithms when the head was fitted on them. σ is positive and its spread across speakers and
 * channels is multiplicative, so on the log scale one voice's or codec's loudness of a dimension
 * weighs less against the synthesis cues (leave-one-Tortoise-voice-out, 2026-11-24: see docs/voice.md).
 * The fit (scripts/fit-voice-countermeasure.ts) builds its rows with this same function.
 */
export function headInputs(
  head: Pick<CountermeasureHead, "hiddenStates" | "logStandardDeviations">,
  features: Float32Array,
  out: Float32Array = new Float32Array(head.hiddenStates.length * 2 * WIDTH),
  at = 0,
): Float32Array {
  head.hiddenStates.forEach((state, i) => {
    const from = state * 2 * WIDTH;
    const to = at + i * 2 * WIDTH;
    for (let d = 0; d < WIDTH; d++) out[to + d] = features[from + d] as number;
    for (let d = WIDTH; d < 2 * WIDTH; d++) {
      const sigma = features[from + d] as number;
      out[to + d] = head.logStandardDeviations ? Math.log(sigma + STD_LOG_FLOOR) : sigma;
    }
  });
  return out;
}

export function headLogit(head: CountermeasureHead, features: Float32Array): number {
  const inputs = headInputs(head, features);
  let s = head.bias;
  for (let d = 0; d < inputs.length; d++) s += (head.weights[d] as number) * (inputs[d] as number);
  return s;
}

export const calibrated = (head: CountermeasureHead, logit: number) => sigmoid(head.platt.a * logit + head.platt.b);

/** Null when no window held enough speech to score. */
export async function readCountermeasure(
  pcm16k: Float32Array,
  speech: [number, number][],
  head: CountermeasureHead = defaultHead,
): Promise<CountermeasureReading | null> {
  const depth = Math.max(...head.hiddenStates);
  const { windows, skipped } = await whisperEncoder().predict({
    pcm16k,
    speech,
    maxWindows: head.maxWindows,
    hiddenStates: depth,
  });
  if (windows.length === 0) return null;
  const scored = windows.map((w) => {
    const logit = headLogit(head, w.features);
    return {
      startS: w.startS,
      endS: w.endS,
      speechSeconds: w.speechSeconds,
      logit,
      probability: calibrated(head, logit),
    };
  });
  const logit = scored.reduce((sum, w) => sum + w.logit, 0) / scored.length;
  return { probability: calibrated(head, logit), logit, windows: scored, skipped };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Why the countermeasure cannot read this audio, or null when it can. */
export function countermeasureUnavailable(): string | null {
  if (!modelFiles().offers(WHISPER_ENCODER_FILE))
    return "The Whisper model file is missing (run `npm run setup`), so cloned-voice detection could not run; this says nothing about whether the speech is synthetic";
  return null;
}

export function unknownVoiceSynthetic(explanation: string, evidence: Record<string, unknown> = {}): Signal {
  return { id: "voice-synthetic", status: "unknown", explanation, evidence };
}

/**
 * The countermeasure's verdict at its operating point: "present" at or above the threshold, with
 * the threshold and the false-positive rate measured there in the explanation; "absent" never
 * claims the speech is genuine.
 */
export async function voiceSyntheticSignal(
  pcm16k: Float32Array,
  speech: [number, number][],
  head: CountermeasureHead = defaultHead,
): Promise<Signal> {
  const unavailable = countermeasureUnavailable();
  if (unavailable) return unknownVoiceSynthetic(unavailable, { modelMissing: true });
  const reading = await readCountermeasure(pcm16k, speech, head);
  if (!reading)
    return unknownVoiceSynthetic(
      `No ${WINDOW_SECONDS}-second window held 1 s of speech or more, so cloned-voice detection could not judge the voice; this says nothing about whether it is synthetic`,
    );
  const point = head.operatingPoint;
  const present = reading.probability >= point.threshold;
  const measured =
    `its threshold ${point.threshold.toFixed(3)}, at which ${percent(point.falsePositiveRate)} of genuine recordings ` +
    `and ${percent(point.truePositiveRate)} of synthetic ones were flagged (${point.measuredOn})`;
  const windows = `${reading.windows.length} speech window${reading.windows.length === 1 ? "" : "s"} scored`;
  return {
    id: "voice-synthetic",
    status: present ? "present" : "absent",
    score: reading.probability,
    explanation: present
      ? `The ${VOICE_SYNTHETIC_MODEL} rates the speech ${percent(reading.probability)} likely synthetic (${windows}), at or above ${measured}`
      : `The ${VOICE_SYNTHETIC_MODEL} rates the speech ${percent(reading.probability)} likely synthetic (${windows}), below ${measured}; this does not show the speech is genuine`,
    evidence: {
      model: VOICE_SYNTHETIC_MODEL,
      probability: reading.probability,
      logit: reading.logit,
      threshold: point.threshold,
      windows: reading.windows,
      skippedWindows: reading.skipped,
    },
    operatingPoint: point,
  };
}

/**
 * Why no reading of the countermeasure could add evidence at its operating point (it flags
 * genuine speech at least as often as synthetic), or null when it beats chance: scans compute it
 * exactly when it can change a verdict.
 */
export function whyCountermeasureCannotAddEvidence(point: OperatingPoint = defaultHead.operatingPoint): string | null {
  if (point.truePositiveRate > point.falsePositiveRate) return null;
  return (
    `Not computed: at its operating point (threshold ${point.threshold.toFixed(3)}) the ${VOICE_SYNTHETIC_MODEL} flagged ` +
    `${percent(point.truePositiveRate)} of synthetic and ${percent(point.falsePositiveRate)} of genuine recordings, so no reading could change the verdict; this says nothing about whether the speech is synthetic`
  );
}
