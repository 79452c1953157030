import type { OnnxSessionLike, OnnxTensorLike, OnnxTensors } from "../runtimes/onnx-port.js";

/**
 * Voice activity with Silero VAD v5 (the ONNX file shipped in @ricky0123/vad-web) over 32 ms
 * frames, then turned into segments the way silero-vad's get_speech_timestamps does (hysteresis
 * thresholds, minimum speech and silence, padding). Runtime-free: the server runs it on
 * onnxruntime-node (models.ts), the zero-knowledge browser build on onnxruntime-web.
 */

export const VAD_SAMPLE_RATE = 16_000;
/** The model file inside @ricky0123/vad-web's dist folder. */
export const SILERO_VAD_FILE = "silero_vad_v5.onnx";
const FRAME = 512;
const CONTEXT = 64;
const STATE_SIZE = 2 * 1 * 128;

export interface SpeechSegment {
  startS: number;
  endS: number;
}

export interface SpeechDetection {
  segments: SpeechSegment[];
  speechSeconds: number;
}

/** Speech probability per 512-sample frame. */
export async function speechProbabilities(
  session: OnnxSessionLike,
  tensors: OnnxTensors,
  pcm: Float32Array,
): Promise<Float32Array> {
  const frames = Math.ceil(pcm.length / FRAME);
  const probabilities = new Float32Array(frames);
  let state: OnnxTensorLike = tensors.float32Tensor(new Float32Array(STATE_SIZE), [2, 1, 128]);
  const sr = tensors.int64Tensor([BigInt(VAD_SAMPLE_RATE)], [1]);
  const input = new Float32Array(CONTEXT + FRAME);
  for (let f = 0; f < frames; f++) {
    // Each frame is preceded by the last 64 samples of the previous one, as silero-vad feeds it.
    input.copyWithin(0, FRAME, FRAME + CONTEXT);
    if (f === 0) input.fill(0, 0, CONTEXT);
    const start = f * FRAME;
    const chunk = pcm.subarray(start, Math.min(start + FRAME, pcm.length));
    input.set(chunk, CONTEXT);
    if (chunk.length < FRAME) input.fill(0, CONTEXT + chunk.length);
    const out = await session.run({ input: tensors.float32Tensor(input.slice(), [1, CONTEXT + FRAME]), state, sr });
    const next = out.stateN;
    const output = out.output;
    if (!next || !output) throw new Error("Silero VAD returned no output");
    state = next;
    probabilities[f] = (output.data as Float32Array)[0] as number;
  }
  return probabilities;
}

export interface SegmentOptions {
  threshold: number;
  minSpeechMs: number;
  minSilenceMs: number;
  speechPadMs: number;
}

export const DEFAULT_SEGMENT_OPTIONS: SegmentOptions = {
  threshold: 0.5,
  minSpeechMs: 250,
  minSilenceMs: 100,
  speechPadMs: 30,
};

/** silero-vad's get_speech_timestamps over per-frame probabilities; returns sample ranges. */
export function speechRanges(
  probabilities: Float32Array,
  totalSamples: number,
  options: SegmentOptions = DEFAULT_SEGMENT_OPTIONS,
): [number, number][] {
  const msToSamples = (ms: number) => (VAD_SAMPLE_RATE * ms) / 1000;
  const negThreshold = Math.max(options.threshold - 0.15, 0.01);
  const minSpeech = msToSamples(options.minSpeechMs);
  const minSilence = msToSamples(options.minSilenceMs);
  const pad = msToSamples(options.speechPadMs);
  const ranges: [number, number][] = [];
  let triggered = false;
  let start = 0;
  let tentativeEnd = 0;
  probabilities.forEach((p, i) => {
    const at = FRAME * i;
    if (p >= options.threshold && tentativeEnd) tentativeEnd = 0;
    if (p >= options.threshold && !triggered) {
      triggered = true;
      start = at;
      return;
    }
    if (p < negThreshold && triggered) {
      if (!tentativeEnd) tentativeEnd = at;
      if (at - tentativeEnd < minSilence) return;
      if (tentativeEnd - start > minSpeech) ranges.push([start, tentativeEnd]);
      tentativeEnd = 0;
      triggered = false;
    }
  });
  if (triggered && totalSamples - start > minSpeech) ranges.push([start, totalSamples]);

  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i] as [number, number];
    if (i === 0) range[0] = Math.max(0, range[0] - pad);
    const next = ranges[i + 1];
    if (next) {
      const silence = next[0] - range[1];
      if (silence < 2 * pad) {
        range[1] += Math.floor(silence / 2);
        next[0] = Math.max(0, next[0] - Math.floor(silence / 2));
      } else {
        range[1] = Math.min(totalSamples, range[1] + pad);
        next[0] = Math.max(0, next[0] - pad);
      }
    } else range[1] = Math.min(totalSamples, range[1] + pad);
  }
  return ranges;
}

export function toSpeechDetection(ranges: [number, number][]): SpeechDetection {
  const segments = ranges.map(([s, e]) => ({ startS: s / VAD_SAMPLE_RATE, endS: e / VAD_SAMPLE_RATE }));
  const speechSeconds = ranges.reduce((sum, [s, e]) => sum + (e - s), 0) / VAD_SAMPLE_RATE;
  return { segments, speechSeconds };
}
