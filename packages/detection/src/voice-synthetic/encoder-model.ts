import { readFile } from "node:fs/promises";
import { Model } from "../models/model.js";
import { ModelFileMissing, modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxSessionLike } from "../runtimes/onnx-port.js";
import { WHISPER_BASE_ENCODER, type WindowFeatures, windowFeatures } from "./windows.js";

/**
 * Whisper base's encoder on onnxruntime-node (one intra-op thread), as the ONNX graph `npm run
 * setup` derives from the CTranslate2 model.bin it fetched (derive/whisper-encoder-graph.ts); the
 * decoder's variables are never read.
 */
export const WHISPER_CHECKPOINT_FILE = "whisper-base/model.bin";
export const WHISPER_ENCODER_FILE = "whisper-base/encoder.onnx";

export class WhisperModelMissingError extends ModelFileMissing {}

export interface EncoderInput {
  pcm16k: Float32Array;
  speech: [number, number][];
  maxWindows?: number;
  /** The deepest hidden state the caller reads (0 … layers); every one up to it is summarised. All by default. */
  hiddenStates?: number;
}

export interface EncoderWindows {
  windows: WindowFeatures[];
  skipped: { startS: number; endS: number; speechSeconds: number }[];
}

export class WhisperEncoder extends Model<EncoderInput, EncoderWindows, OnnxSessionLike> {
  readonly name = "whisper-base-encoder";

  protected async load(): Promise<OnnxSessionLike> {
    const file = await modelFiles()
      .localPath(WHISPER_ENCODER_FILE)
      .catch((error: unknown) => {
        throw error instanceof ModelFileMissing ? new WhisperModelMissingError(error.file) : error;
      });
    return onnxNodeRuntime.sessionFromBytes(new Uint8Array(await readFile(file)));
  }

  protected run(session: OnnxSessionLike, input: EncoderInput): Promise<EncoderWindows> {
    const deepest = Math.min(input.hiddenStates ?? WHISPER_BASE_ENCODER.layers, WHISPER_BASE_ENCODER.layers);
    const encoder = { session, tensors: onnxNodeRuntime, hiddenStates: deepest + 1, width: WHISPER_BASE_ENCODER.width };
    return windowFeatures(encoder, input.pcm16k, input.speech, input.maxWindows);
  }
}
