/**
 * Voice: speech detection (Silero VAD), speaker embeddings (Resemblyzer GE2E), calibrated speaker
 * matching and enrolment checks. Audio in is mono float32 PCM at 16 kHz (media/audio.ts decodes).
 */
import { analyseSpeech } from "./speech.js";
import type { SpeechDetection } from "./vad.js";

export { NoSpeechError, speakerEmbedding } from "./embedding.js";
export {
  assessVoiceForEnrolment,
  type EnrolmentAssessment,
  MIN_ENROLMENT_SPEECH_SECONDS,
  voiceEnrolmentReasons,
} from "./enrolment.js";
export { cosineDistance, type MatchOptions, matchVoice, voiceCalibration } from "./matching.js";
export type { SpeechDetection, SpeechSegment } from "./vad.js";

export async function detectSpeech(pcm16k: Float32Array): Promise<SpeechDetection> {
  const { segments, speechSeconds } = await analyseSpeech(pcm16k);
  return { segments, speechSeconds };
}
