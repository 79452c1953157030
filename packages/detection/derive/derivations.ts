import { AASIST_CONFIGS, type AasistVariant } from "../src/antispoof/aasist-config.js";
import type { MesoNetVariant } from "../src/faceswap/mesonet-input.js";
import type { TensorMap } from "../src/models/tensor-file.js";
import { foldBlockQuantizedOnnx, type SymbolicDims } from "../src/runtimes/onnx-fold.js";
import { WHISPER_BASE_DECODER } from "../src/speech/whisper-decoder-io.js";
import { HIDDEN, LAYERS } from "../src/voice/ge2e.js";
import { N_MELS } from "../src/voice/mel.js";
import { WHISPER_BASE_ENCODER } from "../src/voice-synthetic/windows.js";
import { buildEncoderGraph } from "./aasist-encoder.js";
import { withClassTokenOutputs } from "./clip-block-outputs-graph.js";
import { parseCt2Model } from "./ct2-model.js";
import { buildLstmGraph } from "./ge2e-graph.js";
import { buildMesoNetGraph } from "./mesonet-graph.js";
import { readKerasWeights } from "./mesonet-weights.js";
import { nsfwGraphFromPackage } from "./nsfw-onnx-graph.js";
import { dequantizeDynamicMatMuls } from "./onnx-dynamic-quantization.js";
import { writeSafetensors } from "./safetensors.js";
import { readStateDict } from "./torch/state-dict.js";
import {
  buildWhisperCrossAttentionGraph,
  buildWhisperDecoderStepGraph,
  decoderShape,
} from "./whisper-decoder-graph.js";
import { buildWhisperEncoderGraph, encoderShape } from "./whisper-encoder-graph.js";

/**
 * How `npm run setup` turns a published weight file into what the runtime loads: a plain ONNX
 * graph, or a plain tensor file for the few layers that run in TypeScript. Each is a pure function
 * of the source's bytes, and its result is pinned by SHA-256 in scripts/model-manifest.json
 * ("derived"), so the checkpoint readers (PyTorch pickle, Keras HDF5, CTranslate2) and graph
 * builders here run once on a developer's or CI's machine, never in a deployed function.
 */
export type Derivation =
  /** An int8 block-quantized graph folded to plain float weights (YuNet, SFace). */
  | { kind: "fold-block-quantized-onnx"; symbolicDims?: SymbolicDims }
  /** A dynamically quantized graph turned back into float MatMuls (CLIP). */
  | { kind: "dequantize-dynamic-matmul-onnx" }
  /** CLIP's float graph with its class-token outputs, computing blocks 0..throughBlock (clip-block-outputs-graph.ts). */
  | { kind: "clip-block-outputs-onnx"; throughBlock: number }
  /** A PyTorch state dict's tensors (those named in `only`, else all) as a float32 tensor file. */
  | { kind: "torch-state-dict-tensors"; nested?: string[]; only?: string[] }
  /** AASIST's convolutional encoder from its PyTorch checkpoint. */
  | { kind: "aasist-encoder-onnx"; variant: AasistVariant }
  /** GE2E's three LSTM layers from Resemblyzer's checkpoint. */
  | { kind: "ge2e-lstm-onnx" }
  /** A MesoNet variant from its Keras HDF5 weights. */
  | { kind: "mesonet-onnx"; variant: MesoNetVariant }
  /** Whisper base's encoder (every layer's hidden state out) from CTranslate2's model.bin. */
  | { kind: "whisper-encoder-onnx" }
  /** Whisper base's decoder, for the live check's speech recogniser: the cross-attention keys and values, or one decoding step. */
  | { kind: "whisper-decoder-onnx"; part: "cross-attention" | "step" }
  /**
   * nsfwjs's MobileNetV2 from the weights its npm package bundles: the entry's `from` is
   * `npm:nsfwjs`, the installed package (package-lock.json pins its version), not a model file.
   */
  | { kind: "nsfwjs-onnx"; package: string };

/** A derived entry's `from` naming an installed npm package rather than a file in the model folder. */
export const NPM_PACKAGE_SOURCE = "npm:";

function pick(tensors: TensorMap, only: string[] | undefined): TensorMap {
  if (!only) return tensors;
  const picked: TensorMap = new Map();
  for (const name of only) {
    const tensor = tensors.get(name);
    if (!tensor) throw new Error(`The checkpoint has no tensor ${name}`);
    picked.set(name, tensor);
  }
  return picked;
}

/** `source`: the bytes of the entry's `from` file (empty for a derivation that reads an npm package). */
export async function derive(derivation: Derivation, source: Uint8Array): Promise<Uint8Array> {
  switch (derivation.kind) {
    case "fold-block-quantized-onnx":
      return foldBlockQuantizedOnnx(source, derivation.symbolicDims).bytes;
    case "dequantize-dynamic-matmul-onnx":
      return dequantizeDynamicMatMuls(source).bytes;
    case "clip-block-outputs-onnx":
      return withClassTokenOutputs(source, derivation.throughBlock);
    case "torch-state-dict-tensors":
      return writeSafetensors(pick(readStateDict(source, derivation.nested), derivation.only));
    case "aasist-encoder-onnx":
      return buildEncoderGraph(AASIST_CONFIGS[derivation.variant], readStateDict(source));
    case "ge2e-lstm-onnx":
      return buildLstmGraph(readStateDict(source, ["model_state"]), LAYERS, N_MELS, HIDDEN);
    case "mesonet-onnx":
      return buildMesoNetGraph(readKerasWeights(source), derivation.variant);
    case "whisper-encoder-onnx": {
      const model = await parseCt2Model(source, (name) => name.startsWith("encoder/"));
      const shape = encoderShape(model);
      if (shape.layers !== WHISPER_BASE_ENCODER.layers || shape.width !== WHISPER_BASE_ENCODER.width)
        throw new Error(`Expected Whisper base's encoder, found ${shape.layers} layers of width ${shape.width}`);
      return buildWhisperEncoderGraph(model);
    }
    case "whisper-decoder-onnx": {
      const model = await parseCt2Model(source, (name) => name.startsWith("decoder/"));
      const shape = decoderShape(model);
      if (
        shape.layers !== WHISPER_BASE_DECODER.layers ||
        shape.width !== WHISPER_BASE_DECODER.width ||
        shape.vocabulary !== WHISPER_BASE_DECODER.vocabulary
      )
        throw new Error(`Expected Whisper base's decoder, found ${shape.layers} layers of width ${shape.width}`);
      return derivation.part === "step" ? buildWhisperDecoderStepGraph(model) : buildWhisperCrossAttentionGraph(model);
    }
    case "nsfwjs-onnx":
      return nsfwGraphFromPackage(derivation.package);
  }
}
