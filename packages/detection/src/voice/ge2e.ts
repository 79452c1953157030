import type { OnnxSessionLike, OnnxTensors } from "../runtimes/onnx-port.js";
import { HOP, MEL_SAMPLE_RATE, melSpectrogram, N_MELS } from "./mel.js";

/**
 * Resemblyzer's GE2E speaker encoder (Wan et al. 2018; resemble-ai/Resemblyzer 0.1.4 weights):
 * 40-band mel frames → 3-layer LSTM (256) → linear 256 → ReLU → L2 norm, applied to 1.6 s partial
 * windows; the utterance embedding is the normalised mean of the partial embeddings, exactly as
 * `VoiceEncoder.embed_utterance(wav, rate=1.3, min_coverage=0.75)`.
 * Runtime-free: the LSTM graph runs on onnxruntime-node on the server (models.ts) and on
 * onnxruntime-web in the zero-knowledge browser build, from the same graph bytes.
 */

export const EMBEDDING_SIZE = 256;
export const HIDDEN = 256;
export const LAYERS = 3;
export const PARTIAL_FRAMES = 160;
const PARTIAL_RATE = 1.3;
const MIN_COVERAGE = 0.75;
/** Resemblyzer's published checkpoint, which only `npm run setup` reads. */
export const GE2E_CHECKPOINT_FILE = "resemblyzer/pretrained.pt";
/** What setup derives from it: the LSTM layers' ONNX graph (derive/ge2e-graph.ts) and the projection's weights. */
export const GE2E_LSTM_FILE = "resemblyzer/ge2e-lstm.onnx";
export const GE2E_LINEAR_FILE = "resemblyzer/ge2e-linear.safetensors";

/** Input and output names of the LSTM graph (derive/ge2e-graph.ts builds it). */
export const LSTM_INPUT = "mels";
export const LSTM_OUTPUT = "final_hidden";

export interface Ge2eWeights {
  lstm: OnnxSessionLike;
  linearW: Float32Array;
  linearB: Float32Array;
}

const LINEAR_FLOATS = EMBEDDING_SIZE * HIDDEN + EMBEDDING_SIZE;

/** The linear layer as one file for the browser build: weight [256 × 256] then bias, float32 little-endian. */
export function linearLayerBytes(linearW: Float32Array, linearB: Float32Array): Uint8Array {
  const out = new Float32Array(LINEAR_FLOATS);
  out.set(linearW);
  out.set(linearB, linearW.length);
  return new Uint8Array(out.buffer);
}

export function linearLayerFromBytes(bytes: Uint8Array): { linearW: Float32Array; linearB: Float32Array } {
  if (bytes.byteLength !== LINEAR_FLOATS * 4) {
    throw new Error(`GE2E linear layer: expected ${LINEAR_FLOATS * 4} bytes, got ${bytes.byteLength}`);
  }
  const floats = new Float32Array(bytes.slice().buffer);
  return { linearW: floats.subarray(0, EMBEDDING_SIZE * HIDDEN), linearB: floats.subarray(EMBEDDING_SIZE * HIDDEN) };
}

export interface PartialSlices {
  /** Start frame of each partial; each spans PARTIAL_FRAMES frames (HOP samples each). */
  starts: number[];
  /** Samples the waveform must be zero-padded to. */
  paddedLength: number;
}

/** Resemblyzer's compute_partial_slices, including its rounding. */
export function partialSlices(samples: number): PartialSlices {
  const frames = Math.ceil((samples + 1) / HOP);
  const frameStep = Math.round(MEL_SAMPLE_RATE / PARTIAL_RATE / HOP);
  const steps = Math.max(1, frames - PARTIAL_FRAMES + frameStep + 1);
  const starts: number[] = [];
  for (let i = 0; i < steps; i += frameStep) starts.push(i);
  const last = starts[starts.length - 1] as number;
  const coverage = (samples - last * HOP) / (PARTIAL_FRAMES * HOP);
  if (coverage < MIN_COVERAGE && starts.length > 1) starts.pop();
  return { starts, paddedLength: ((starts[starts.length - 1] as number) + PARTIAL_FRAMES) * HOP };
}

function l2Normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

export interface UtteranceEmbedding {
  embedding: Float32Array;
  /** One L2-normalised embedding per partial window, in order. */
  partials: Float32Array[];
  /** Start sample of each partial window. */
  partialStarts: number[];
}

export async function embedUtterance(
  weights: Ge2eWeights,
  tensors: OnnxTensors,
  wav: Float32Array,
): Promise<UtteranceEmbedding> {
  const { starts, paddedLength } = partialSlices(wav.length);
  let padded = wav;
  if (paddedLength >= wav.length) {
    padded = new Float32Array(paddedLength);
    padded.set(wav);
  }
  const mel = melSpectrogram(padded);
  const batch = starts.length;
  // Time-major [steps × batch × mels], the LSTM op's default layout.
  const sequence = new Float32Array(PARTIAL_FRAMES * batch * N_MELS);
  starts.forEach((start, b) => {
    for (let t = 0; t < PARTIAL_FRAMES; t++) {
      const from = (start + t) * N_MELS;
      sequence.set(mel.data.subarray(from, from + N_MELS), (t * batch + b) * N_MELS);
    }
  });
  const result = await weights.lstm.run({
    [LSTM_INPUT]: tensors.float32Tensor(sequence, [PARTIAL_FRAMES, batch, N_MELS]),
  });
  const finalHidden = result[LSTM_OUTPUT]?.data as Float32Array | undefined;
  if (!finalHidden) throw new Error("GE2E: LSTM produced no output");

  const partials: Float32Array[] = [];
  const mean = new Float32Array(EMBEDDING_SIZE);
  for (let b = 0; b < batch; b++) {
    const last = b * HIDDEN;
    const embed = new Float32Array(EMBEDDING_SIZE);
    for (let j = 0; j < EMBEDDING_SIZE; j++) {
      let sum = weights.linearB[j] as number;
      const row = j * HIDDEN;
      for (let i = 0; i < HIDDEN; i++) sum += (weights.linearW[row + i] as number) * (finalHidden[last + i] as number);
      embed[j] = Math.max(0, sum);
    }
    l2Normalise(embed);
    partials.push(embed);
    for (let j = 0; j < EMBEDDING_SIZE; j++) mean[j] = (mean[j] as number) + (embed[j] as number) / batch;
  }
  return { embedding: l2Normalise(mean), partials, partialStarts: starts.map((s) => s * HOP) };
}
