/**
 * Zero-knowledge enrolment's voice analysis, in the browser: the detection package's browser voice
 * build (packages/detection/src/voice/browser.ts: the server's Silero VAD, GE2E encoder and
 * enrolment gates on onnxruntime-web), which `npm run build:web` writes to /voice-browser/ with
 * its models and WebAssembly binary. Imported only when a recording needs it, so none of it is in
 * the app's initial JavaScript, and the recording itself is never sent.
 */

import { voiceQualityReason } from "@lg/domain/biometrics/voice-rules";
import { browserBuildLoader } from "./browser-build";

/** What the enrolment endpoint accepts for the voice: numbers only, never the recording. */
export interface ReportedVoice {
  embedding: number[];
  speechSeconds: number;
  speakerSplitDistance: number;
}

interface Assessment {
  ok: boolean;
  reasons: string[];
  speechSeconds: number;
  speakerSplitDistance?: number;
  embedding?: Float32Array;
}
/** The part of the browser build this module calls (its exports, typed here: it is not bundled). */
interface VoiceBrowserBuild {
  loadVoiceModels(urls: { models: string; wasm: string }): Promise<unknown>;
  assessRecording(recording: Blob): Promise<Assessment>;
  MIN_ENROLMENT_SPEECH_SECONDS: number;
}

/** Loads the voice path once (about 80 KB of script, 8 MB of models and 14 MB of WebAssembly, cached by the browser). */
export const loadVoiceAnalysis = browserBuildLoader<VoiceBrowserBuild>("voice-browser", (voice, urls) =>
  voice.loadVoiceModels(urls),
);

export type RecordingAnalysis = { ok: true; voice: ReportedVoice } | { ok: false; reason: string };

/**
 * The recording analysed on this device with the server's gates, refused in the server's words
 * (one module for both), so a bad recording is made again before anything is sent.
 */
export async function analyseRecording(recording: Blob): Promise<RecordingAnalysis> {
  const voice = await loadVoiceAnalysis();
  const assessment = await voice.assessRecording(recording);
  const [reason] = assessment.reasons;
  if (reason || !assessment.embedding) {
    return {
      ok: false,
      reason: voiceQualityReason(reason ?? "no speech", assessment.speechSeconds, voice.MIN_ENROLMENT_SPEECH_SECONDS),
    };
  }
  return {
    ok: true,
    voice: {
      embedding: Array.from(assessment.embedding),
      speechSeconds: assessment.speechSeconds,
      speakerSplitDistance: assessment.speakerSplitDistance ?? 0,
    },
  };
}
