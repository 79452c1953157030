import type { OnnxRuntime } from "../runtimes/onnx-port.js";
import type { VoiceModels } from "./enrolment-gates.js";
import { embedUtterance, linearLayerFromBytes } from "./ge2e.js";
import { SILERO_VAD_FILE, speechProbabilities } from "./vad.js";

/**
 * The voice models from their files' bytes, on any ONNX runtime: what the browser build loads
 * (scripts/build-voice-browser.ts writes these files from the same sources the server loads).
 */
export const VOICE_MODEL_FILES = {
  /** Silero VAD v5, as @ricky0123/vad-web ships it. */
  vad: SILERO_VAD_FILE,
  /** GE2E's three LSTM layers, derived by `npm run setup` from Resemblyzer's checkpoint. */
  lstm: "ge2e-lstm.onnx",
  /** GE2E's linear layer (ge2e.ts linearLayerBytes). */
  linear: "ge2e-linear.f32",
} as const;

export type VoiceModelBytes = Record<keyof typeof VOICE_MODEL_FILES, Uint8Array>;

export async function voiceModelsFrom(runtime: OnnxRuntime, files: VoiceModelBytes): Promise<VoiceModels> {
  const vad = await runtime.sessionFromBytes(files.vad);
  const weights = { lstm: await runtime.sessionFromBytes(files.lstm), ...linearLayerFromBytes(files.linear) };
  return {
    speechProbabilities: (pcm) => speechProbabilities(vad, runtime, pcm),
    embedUtterance: (wav) => embedUtterance(weights, runtime, wav),
  };
}
