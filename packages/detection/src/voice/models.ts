import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Model } from "../models/model.js";
import { getModel, registerModel } from "../models/registry.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxSessionLike } from "../runtimes/onnx-port.js";
import { embedUtterance, type Ge2eWeights, type UtteranceEmbedding } from "./ge2e.js";
import { loadGe2eModelParts } from "./ge2e-checkpoint.js";
import { SILERO_VAD_FILE, speechProbabilities } from "./vad.js";

/**
 * The voice models on onnxruntime-node, registered once so every caller in the process shares one
 * loaded instance. The model code itself (vad.ts, ge2e.ts) is runtime-free; the browser build runs
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

registerModel(VAD_MODEL, () => new SileroVad());
registerModel(SPEAKER_MODEL, () => new Ge2eEncoder());

export const vadModel = () => getModel<Float32Array, Float32Array>(VAD_MODEL);
export const speakerModel = () => getModel<Float32Array, UtteranceEmbedding>(SPEAKER_MODEL);
