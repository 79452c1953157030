import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Model } from "../models/model.js";
import { modelFiles } from "../models/model-files.js";
import { loadTensorFile, weight } from "../models/tensor-file.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxSessionLike } from "../runtimes/onnx-port.js";
import {
  EMBEDDING_SIZE,
  embedUtterance,
  GE2E_LINEAR_FILE,
  GE2E_LSTM_FILE,
  type Ge2eWeights,
  HIDDEN,
  type UtteranceEmbedding,
} from "./ge2e.js";
import { SILERO_VAD_FILE, speechProbabilities } from "./vad.js";

/**
 * The voice models on onnxruntime-node (models/registry.ts holds one shared instance of each).
 * The model code itself (vad.ts, ge2e.ts) is runtime-free; the browser build runs
 * it on onnxruntime-web (browser.ts).
 */
export const VAD_MODEL = "silero-vad-v5";
export const SPEAKER_MODEL = "resemblyzer-ge2e";

/** Where @ricky0123/vad-web ships the Silero VAD v5 ONNX file. */
export function sileroModelPath(): string {
  const packageJson = createRequire(import.meta.url).resolve("@ricky0123/vad-web/package.json");
  return path.join(path.dirname(packageJson), "dist", SILERO_VAD_FILE);
}

export class SileroVad extends Model<Float32Array, Float32Array, OnnxSessionLike> {
  readonly name = VAD_MODEL;

  protected async load(): Promise<OnnxSessionLike> {
    return onnxNodeRuntime.sessionFromBytes(new Uint8Array(await readFile(sileroModelPath())));
  }

  /** Speech probability per 512-sample frame. */
  protected run(session: OnnxSessionLike, pcm: Float32Array): Promise<Float32Array> {
    return speechProbabilities(session, onnxNodeRuntime, pcm);
  }
}

export interface Ge2eModelParts {
  /** The three LSTM layers as ONNX model bytes. */
  lstmGraph: Uint8Array;
  linearW: Float32Array;
  linearB: Float32Array;
}

/**
 * The GE2E encoder's files as setup derived them from Resemblyzer's checkpoint: the server loads
 * them this way, and the browser build writes these same parts as its model files, so both run one graph.
 */
export async function loadGe2eModelParts(): Promise<Ge2eModelParts> {
  const linear = await loadTensorFile(GE2E_LINEAR_FILE);
  return {
    lstmGraph: new Uint8Array(await readFile(await modelFiles().localPath(GE2E_LSTM_FILE))),
    linearW: weight(linear, "linear.weight", [EMBEDDING_SIZE, HIDDEN]),
    linearB: weight(linear, "linear.bias", [EMBEDDING_SIZE]),
  };
}

export class Ge2eEncoder extends Model<Float32Array, UtteranceEmbedding, Ge2eWeights> {
  readonly name = SPEAKER_MODEL;

  protected async load(): Promise<Ge2eWeights> {
    const { lstmGraph, linearW, linearB } = await loadGe2eModelParts();
    return { lstm: await onnxNodeRuntime.sessionFromBytes(lstmGraph), linearW, linearB };
  }

  protected run(weights: Ge2eWeights, wav: Float32Array): Promise<UtteranceEmbedding> {
    return embedUtterance(weights, onnxNodeRuntime, wav);
  }
}
