import { Model } from "../models/model.js";
import { ModelFileMissing, modelFiles } from "../models/model-files.js";
import { getModel, registeredModels, registerModel } from "../models/registry.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import { readCt2Model } from "./ct2-model.js";
import { buildWhisperEncoderGraph, encoderShape } from "./whisper-encoder-graph.js";
import { type EncoderRun, type WindowFeatures, windowFeatures } from "./windows.js";

/**
 * Whisper base's encoder on onnxruntime-node (one intra-op thread), built at first use from the
 * CTranslate2 model.bin that `npm run setup` fetched; the decoder's variables are never read.
 */
export const WHISPER_ENCODER_MODEL = "whisper-base-encoder";
export const WHISPER_MODEL_FILE = "whisper-base/model.bin";

export class WhisperModelMissingError extends ModelFileMissing {}

/** The Whisper weights on this machine (fetched from the process's model file source on first use). */
export const whisperModelPath = () =>
  modelFiles()
    .localPath(WHISPER_MODEL_FILE)
    .catch((error: unknown) => {
      throw error instanceof ModelFileMissing ? new WhisperModelMissingError(error.file) : error;
    });

export interface EncoderInput {
  pcm16k: Float32Array;
  speech: [number, number][];
  maxWindows?: number;
  /** Hidden states the caller needs (0 … layers); the graph runs only as deep as the last one. */
  hiddenStates?: number;
}

export interface EncoderWindows {
  windows: WindowFeatures[];
  skipped: { startS: number; endS: number; speechSeconds: number }[];
}

export class WhisperEncoder extends Model<EncoderInput, EncoderWindows, EncoderRun> {
  readonly name = WHISPER_ENCODER_MODEL;

  constructor(private readonly layers?: number) {
    super();
  }

  protected async load(): Promise<EncoderRun> {
    const file = await whisperModelPath();
    const model = await readCt2Model(file, (name) => name.startsWith("encoder/"));
    const shape = encoderShape(model);
    const layers = Math.min(this.layers ?? shape.layers, shape.layers);
    const session = await onnxNodeRuntime.sessionFromBytes(buildWhisperEncoderGraph(model, { layers }));
    return { session, tensors: onnxNodeRuntime, hiddenStates: layers + 1, width: shape.width };
  }

  protected run(encoder: EncoderRun, input: EncoderInput): Promise<EncoderWindows> {
    return windowFeatures(encoder, input.pcm16k, input.speech, input.maxWindows);
  }
}

/** One encoder per depth: a head fitted on the first k layers runs only those. */
export function whisperEncoder(layers: number): Model<EncoderInput, EncoderWindows> {
  const name = `${WHISPER_ENCODER_MODEL}-${layers}`;
  if (!registeredModels().includes(name)) registerModel(name, () => new WhisperEncoder(layers));
  return getModel<EncoderInput, EncoderWindows>(name);
}
