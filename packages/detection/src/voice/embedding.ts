import { speakerModel } from "../models/registry.js";
import { analyseSpeech, keepSpeech, normaliseVolume, type SpeechAnalysis } from "./speech.js";

export class NoSpeechError extends Error {
  constructor() {
    super("No speech found in the audio");
    this.name = "NoSpeechError";
  }
}

/**
 * Resemblyzer's pipeline (preprocess_wav, then embed_utterance): level raised to -30 dBFS when
 * quieter, long silences removed (by Silero VAD here, where Resemblyzer uses webrtcvad), then the
 * mean of the partial-window embeddings, L2-normalised. A caller that has already run the VAD on
 * this audio passes its result so the VAD does not run twice.
 */
export async function speakerEmbedding(pcm16k: Float32Array, analysed?: SpeechAnalysis): Promise<Float32Array> {
  const speech = analysed ?? (await analyseSpeech(pcm16k));
  if (speech.ranges.length === 0) throw new NoSpeechError();
  const { embedding } = await speakerModel().predict(normaliseVolume(keepSpeech(pcm16k, speech.ranges)));
  return embedding;
}
