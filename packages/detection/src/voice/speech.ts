import { vadModel } from "../models/registry.js";
import { type SpeechAnalysis, speechAnalysis } from "./preprocess.js";

export { keepSpeech, normaliseVolume, type SpeechAnalysis } from "./preprocess.js";

/** Speech ranges by Silero VAD on onnxruntime-node. */
export async function analyseSpeech(pcm16k: Float32Array): Promise<SpeechAnalysis> {
  return speechAnalysis(await vadModel().predict(pcm16k), pcm16k.length);
}
