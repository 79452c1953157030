import { scoreSynthetic } from "./antispoof/index.js";
import type { EnrolledIdentity } from "./identity.js";
import { decodeAudio } from "./media/audio.js";
import type { Signal, VoiceFindings } from "./result.js";
import { matchVoice, NoSpeechError, speakerEmbedding } from "./voice/index.js";
import { analyseSpeech } from "./voice/speech.js";

/**
 * The voice half of an analysis (an audio file, or a video's audio track): who speaks, and how
 * likely the speech is synthetic. decodeAudio reads the track straight from any container.
 */

/** Less speech than this gives neither a stable speaker embedding nor a fair anti-spoof window. */
const MIN_SPEECH_SECONDS = 1;

export interface VoiceAnalysis {
  durationSeconds: number;
  findings: VoiceFindings;
  signal: Signal;
}

/** Given who speaks, why the anti-spoof countermeasure is skipped, or null to run it. */
export type AntispoofGate = (findings: VoiceFindings) => string | null;

export async function analyseVoice(
  bytes: Uint8Array,
  enrolled: EnrolledIdentity[],
  maxSeconds: number,
  antispoofGate: AntispoofGate = () => null,
): Promise<VoiceAnalysis> {
  const audio = await decodeAudio(bytes, { maxSeconds, sampleRate: 16_000 });
  const speech = await analyseSpeech(audio.samples);
  const findings: VoiceFindings = { speechSeconds: speech.speechSeconds, segments: speech.segments, match: null };
  if (speech.speechSeconds < MIN_SPEECH_SECONDS) {
    return {
      durationSeconds: audio.durationSeconds,
      findings,
      signal: {
        id: "voice-antispoof",
        status: "unknown",
        explanation: `Only ${speech.speechSeconds.toFixed(1)} s of speech: too little to judge the voice`,
        evidence: { speechSeconds: speech.speechSeconds },
      },
    };
  }
  try {
    findings.match = matchVoice(await speakerEmbedding(audio.samples, speech), enrolled);
  } catch (error) {
    if (!(error instanceof NoSpeechError)) throw error;
  }
  const skip = antispoofGate(findings);
  if (skip) {
    return {
      durationSeconds: audio.durationSeconds,
      findings,
      signal: { id: "voice-antispoof", status: "unknown", explanation: skip, evidence: { skipped: true } },
    };
  }
  const spoof = await scoreSynthetic(audio.samples);
  const synthetic = spoof.score >= 0.5;
  return {
    durationSeconds: audio.durationSeconds,
    findings,
    signal: {
      id: "voice-antispoof",
      status: synthetic ? "present" : "absent",
      score: spoof.score,
      explanation: synthetic
        ? `The ${spoof.model} countermeasure rates the speech synthetic (${(spoof.score * 100).toFixed(1)}%)`
        : `The ${spoof.model} countermeasure found no sign of synthetic speech (${(spoof.score * 100).toFixed(1)}% synthetic)`,
      evidence: { model: spoof.model, windows: spoof.windows },
    },
  };
}
