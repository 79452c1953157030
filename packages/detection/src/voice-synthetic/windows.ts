import type { OnnxSessionLike, OnnxTensors } from "../runtimes/onnx-port.js";
import { WHISPER_HOP, WHISPER_MELS, WHISPER_SAMPLE_RATE, whisperLogMel } from "./log-mel.js";

/**
 * The countermeasure's view of a recording: windows of at most WINDOW_SECONDS, each run through the
 * Whisper encoder on its own (mel scaled to its own maximum, as Whisper scales each 30 s chunk),
 * and each layer's hidden states summarised by their mean and standard deviation over the frames
 * the VAD marked as speech. Pauses stay in the encoder's input (the attention sees natural
 * context) but not in the statistics, so the amount of silence does not move the features.
 *
 * Ten seconds: long enough for the statistics to settle over several words, short enough that
 * the attention (quadratic in length) stays a small share of the cost; clips shorter than a
 * window are one window of their own length, without padding to Whisper's 30 s (3-10× the work).
 * Long recordings are read through at most `maxWindows` windows spread evenly over the clip.
 */
export const WINDOW_SECONDS = 10;

/** The encoder graph's names (derive/whisper-encoder-graph.ts builds it): log-mel in, each hidden state out. */
export const WHISPER_MEL_INPUT = "mel";
export const WHISPER_ENCODED = "encoded";
export const hiddenOutput = (layer: number) => `hidden_${layer}`;
/** Whisper base's encoder: transformer layers and width (setup checks the model it converts has them). */
export const WHISPER_BASE_ENCODER = { layers: 6, width: 512 } as const;
export const DEFAULT_MAX_WINDOWS = 4;
/** A window with less speech than this is not scored: its statistics would rest on a syllable or two. */
export const MIN_WINDOW_SPEECH_SECONDS = 1;
/** Encoder frames are 20 ms: conv2's stride 2 over 10 ms mel frames. */
const SAMPLES_PER_ENCODER_FRAME = 2 * WHISPER_HOP;

export interface WindowFeatures {
  startS: number;
  endS: number;
  speechSeconds: number;
  /** Per hidden state (embeddings, then each layer): mean then standard deviation over speech frames, width values each. */
  features: Float32Array;
}

export interface WindowPlan {
  start: number;
  end: number;
}

/** Equal windows of at most WINDOW_SECONDS covering the clip, at most maxWindows of them spread evenly. */
export function planWindows(samples: number, maxWindows = DEFAULT_MAX_WINDOWS): WindowPlan[] {
  const windowSamples = WINDOW_SECONDS * WHISPER_SAMPLE_RATE;
  const count = Math.max(1, Math.ceil(samples / windowSamples));
  const length = Math.floor(samples / count);
  const all = Array.from({ length: count }, (_, i) => ({
    start: i * length,
    end: i === count - 1 ? samples : (i + 1) * length,
  }));
  if (count <= maxWindows) return all;
  return Array.from(
    { length: maxWindows },
    (_, i) => all[Math.round((i * (count - 1)) / Math.max(1, maxWindows - 1))] as WindowPlan,
  );
}

/** 1 for each encoder frame of the window whose centre lies in a speech range. */
export function speechFrameMask(plan: WindowPlan, frames: number, speech: [number, number][]): Uint8Array {
  const mask = new Uint8Array(frames);
  for (let j = 0; j < frames; j++) {
    const centre = plan.start + (j + 0.5) * SAMPLES_PER_ENCODER_FRAME;
    mask[j] = speech.some(([s, e]) => centre >= s && centre < e) ? 1 : 0;
  }
  return mask;
}

/** Mean and standard deviation (population) of each of `width` columns over the masked rows. */
export function maskedMeanStd(
  hidden: Float32Array,
  width: number,
  mask: Uint8Array,
  out: Float32Array,
  at: number,
): void {
  const sum = new Float64Array(width);
  const squares = new Float64Array(width);
  let n = 0;
  for (let t = 0; t < mask.length; t++) {
    if (!mask[t]) continue;
    n++;
    const row = t * width;
    for (let c = 0; c < width; c++) {
      const v = hidden[row + c] as number;
      sum[c] = (sum[c] as number) + v;
      squares[c] = (squares[c] as number) + v * v;
    }
  }
  for (let c = 0; c < width; c++) {
    const mean = (sum[c] as number) / n;
    out[at + c] = mean;
    out[at + width + c] = Math.sqrt(Math.max(0, (squares[c] as number) / n - mean * mean));
  }
}

export interface EncoderRun {
  session: OnnxSessionLike;
  tensors: OnnxTensors;
  /** Hidden states summarised: 0 is the embeddings, i the output of layer i. */
  hiddenStates: number;
  width: number;
}

/** Features of every planned window with enough speech; windows without are listed as skipped. */
export async function windowFeatures(
  encoder: EncoderRun,
  pcm16k: Float32Array,
  speech: [number, number][],
  maxWindows = DEFAULT_MAX_WINDOWS,
): Promise<{ windows: WindowFeatures[]; skipped: { startS: number; endS: number; speechSeconds: number }[] }> {
  const windows: WindowFeatures[] = [];
  const skipped: { startS: number; endS: number; speechSeconds: number }[] = [];
  for (const plan of planWindows(pcm16k.length, maxWindows)) {
    const mel = whisperLogMel(pcm16k.subarray(plan.start, plan.end));
    const frames = Math.ceil(mel.frames / 2);
    const mask = speechFrameMask(plan, frames, speech);
    const speechFrames = mask.reduce((a, b) => a + b, 0);
    const speechSeconds = (speechFrames * SAMPLES_PER_ENCODER_FRAME) / WHISPER_SAMPLE_RATE;
    const span = { startS: plan.start / WHISPER_SAMPLE_RATE, endS: plan.end / WHISPER_SAMPLE_RATE, speechSeconds };
    if (speechSeconds < MIN_WINDOW_SPEECH_SECONDS) {
      skipped.push(span);
      continue;
    }
    const out = await encoder.session.run({
      [WHISPER_MEL_INPUT]: encoder.tensors.float32Tensor(mel.data, [1, WHISPER_MELS, mel.frames]),
    });
    const features = new Float32Array(encoder.hiddenStates * 2 * encoder.width);
    for (let h = 0; h < encoder.hiddenStates; h++) {
      const hidden = out[hiddenOutput(h)];
      if (!hidden) throw new Error(`The Whisper encoder returned no ${hiddenOutput(h)}`);
      maskedMeanStd(hidden.data as Float32Array, encoder.width, mask, features, h * 2 * encoder.width);
    }
    windows.push({ ...span, features });
  }
  return { windows, skipped };
}
