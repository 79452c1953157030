import { getModel, registerModel } from "../models/registry.js";
import { Ge2eEncoder, type UtteranceEmbedding } from "./ge2e.js";
import { SileroVad } from "./vad.js";

/** The voice models, registered once so every caller in the process shares one loaded instance. */
export const VAD_MODEL = "silero-vad-v5";
export const SPEAKER_MODEL = "resemblyzer-ge2e";

registerModel(VAD_MODEL, () => new SileroVad());
registerModel(SPEAKER_MODEL, () => new Ge2eEncoder());

export const vadModel = () => getModel<Float32Array, Float32Array>(VAD_MODEL);
export const speakerModel = () => getModel<Float32Array, UtteranceEmbedding>(SPEAKER_MODEL);
