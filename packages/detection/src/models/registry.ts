import { Aasist } from "../antispoof/aasist.js";
import { AASIST_CONFIGS, type AasistVariant } from "../antispoof/aasist-config.js";
import { NsfwOnnxClassifier } from "../explicit/nsfw-model.js";
import { YunetSfaceModel } from "../face/face-model.js";
import type { MesoNetVariant } from "../faceswap/mesonet-input.js";
import { MesoNet } from "../faceswap/mesonet-model.js";
import { SbiFaceSwapModel } from "../faceswap/sbi-head-model.js";
import { SbiNet } from "../faceswap/sbi-net-model.js";
import { WhisperRecogniser } from "../speech/recogniser.js";
import { BLOCK_COUNT } from "../synthetic-image/clip-block-outputs.js";
import { deepestClipBlockRead } from "../synthetic-image/clip-depth.js";
import { ClipImageEncoder } from "../synthetic-image/clip-encoder.js";
import { Ge2eEncoder, SileroVad } from "../voice/models.js";
import { WhisperEncoder } from "../voice-synthetic/encoder-model.js";

/**
 * Every model the product runs, by id, each made on first request and then shared by every caller
 * in the process (models/model.ts loads its files once, lazily): so a Lambda that never analyses
 * audio never loads an audio model. This list is the one place a model is named; nothing registers
 * itself by being imported, and an id not listed here does not type-check.
 */
const CLIP_ANALYSIS_DEPTH = deepestClipBlockRead();

const MODELS = {
  "face-yunet-sface": () => new YunetSfaceModel(),
  "nsfwjs-mobilenet-v2": () => new NsfwOnnxClassifier(),
  "clip-vit-b16-fp32": () => new ClipImageEncoder(),
  // The analysis's CLIP pass stops at the deepest block a fitted head reads (clip-depth.ts).
  "clip-vit-b16-fp32-analysis": () => new ClipImageEncoder(undefined, undefined, CLIP_ANALYSIS_DEPTH),
  "mesonet-meso4": () => new MesoNet("meso4"),
  "mesonet-mesoinception4": () => new MesoNet("mesoinception4"),
  "face-forgery-sbi-net": () => new SbiNet(),
  "face-swap-sbi": () => new SbiFaceSwapModel(),
  "silero-vad-v5": () => new SileroVad(),
  "resemblyzer-ge2e": () => new Ge2eEncoder(),
  "whisper-base-encoder": () => new WhisperEncoder(),
  // The live check's speech recogniser (speech/recogniser.ts).
  "whisper-base-recogniser": () => new WhisperRecogniser(),
  AASIST: () => new Aasist(AASIST_CONFIGS.AASIST),
  "AASIST-L": () => new Aasist(AASIST_CONFIGS["AASIST-L"]),
} as const;

export type ModelId = keyof typeof MODELS;
export type ModelOf<Id extends ModelId> = ReturnType<(typeof MODELS)[Id]>;

const instances = new Map<ModelId, ModelOf<ModelId>>();

export function getModel<Id extends ModelId>(id: Id): ModelOf<Id> {
  let model = instances.get(id);
  if (!model) {
    model = MODELS[id]();
    instances.set(id, model);
  }
  return model as ModelOf<Id>;
}

export const MODEL_IDS = Object.keys(MODELS) as ModelId[];

export const faceModel = () => getModel("face-yunet-sface");
export const nsfwClassifier = () => getModel("nsfwjs-mobilenet-v2");
/** Every feature of every CLIP pass, for the fit scripts and the golden-output tests. */
export const fullClipImageEncoder = () => getModel("clip-vit-b16-fp32");
/** The analysis's one CLIP encoder, through the deepest block a head that runs reads. */
export const clipImageEncoder = () =>
  CLIP_ANALYSIS_DEPTH === BLOCK_COUNT - 1 ? fullClipImageEncoder() : getModel("clip-vit-b16-fp32-analysis");

/**
 * The encoder to read `head`'s features with: the analysis's when it reaches every block the head
 * reads, else the whole graph (a head every fitted fusion leaves out, run by a benchmark or test).
 */
export function clipEncoderFor(head: { clipBlocks?: number[] }): ClipImageEncoder {
  const deepest = head.clipBlocks?.length ? Math.max(...head.clipBlocks) : BLOCK_COUNT - 1;
  return deepest <= CLIP_ANALYSIS_DEPTH ? clipImageEncoder() : fullClipImageEncoder();
}

export const mesoNet = (variant: MesoNetVariant) => getModel(`mesonet-${variant}`);
export const sbiNet = () => getModel("face-forgery-sbi-net");
export const sbiFaceSwapModel = () => getModel("face-swap-sbi");
export const vadModel = () => getModel("silero-vad-v5");
export const speakerModel = () => getModel("resemblyzer-ge2e");
export const whisperEncoder = () => getModel("whisper-base-encoder");
export const speechRecogniser = () => getModel("whisper-base-recogniser");
export const aasist = (variant: AasistVariant) => getModel(variant);
