import { speechRecogniser } from "../models/registry.js";
import type { Transcript } from "./recogniser.js";

export { RECOGNISER_MAX_SECONDS } from "./recogniser.js";

/** Loads the recogniser's graphs now (once per process), so a later transcription starts at once. */
export async function prepareSpeechRecogniser(): Promise<void> {
  await speechRecogniser().ready();
}

/** What is said in 16 kHz mono audio (the first RECOGNISER_MAX_SECONDS), as English text. */
export function transcribeSpeech(pcm16k: Float32Array): Promise<Transcript> {
  return speechRecogniser().predict(pcm16k);
}
