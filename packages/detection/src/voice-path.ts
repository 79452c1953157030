import { aasistOperatingPoint } from "./antispoof/calibration.js";
import { type SyntheticVoiceScore, scoreSynthetic } from "./antispoof/index.js";
import {
  type OperatingPoint,
  percent,
  syntheticProbability,
  whyNoReadingCanAddEvidence,
} from "./antispoof/operating-point.js";
import { type Identities, identityMatcher } from "./identity-matcher.js";
import { type DecodedAudio, decodeAudio } from "./media/audio.js";
import type { Signal, VoiceFindings } from "./result.js";
import { NoSpeechError, speakerEmbedding } from "./voice/index.js";
import { analyseSpeech } from "./voice/speech.js";
import {
  unknownVoiceSynthetic,
  voiceSyntheticSignal,
  whyCountermeasureCannotAddEvidence,
} from "./voice-synthetic/countermeasure.js";

/**
 * The voice half of an analysis (an audio file, or a video's audio track): who speaks, and how
 * likely the speech is synthetic. decodeAudio reads the track straight from any container.
 * The countermeasure is the Whisper-based `voice-synthetic` signal; AASIST (`voice-antispoof`)
 * is computed, as one more signal, only while its own operating point lets a reading count.
 */

/** Less speech than this gives neither a stable speaker embedding nor a fair countermeasure window. */
const MIN_SPEECH_SECONDS = 1;

export interface VoiceAnalysis {
  durationSeconds: number;
  findings: VoiceFindings;
  /** voice-synthetic, then voice-antispoof. */
  signals: Signal[];
}

/**
 * Given who speaks and why no reading of a countermeasure could count at its operating point
 * (null when one can), why to skip it, or null to run it. The default runs both.
 */
export type CountermeasureGate = (findings: VoiceFindings, whyNoReadingCanCount: string | null) => string | null;

const skippedSignal = (id: Signal["id"], explanation: string): Signal => ({
  id,
  status: "unknown",
  explanation,
  evidence: { skipped: true },
});

/** How a countermeasure that is to run gets its reading: computed here, or an earlier one for the same bytes. */
export type CountermeasureReading = (id: Signal["id"], compute: () => Promise<Signal>) => Promise<Signal>;

/** The sample rate the voice models take. */
export const VOICE_SAMPLE_RATE = 16_000;

export async function analyseVoice(
  /** The media's bytes, or its audio already decoded at VOICE_SAMPLE_RATE (a video's, with its frames). */
  source: Uint8Array | DecodedAudio,
  identities: Identities,
  maxSeconds: number,
  gate: CountermeasureGate = () => null,
  reading: CountermeasureReading = (_id, compute) => compute(),
): Promise<VoiceAnalysis> {
  const audio =
    source instanceof Uint8Array ? await decodeAudio(source, { maxSeconds, sampleRate: VOICE_SAMPLE_RATE }) : source;
  if (audio.sampleRate !== VOICE_SAMPLE_RATE)
    throw new Error(`The voice models take ${VOICE_SAMPLE_RATE} Hz audio, got ${audio.sampleRate} Hz`);
  const speech = await analyseSpeech(audio.samples);
  const findings: VoiceFindings = { speechSeconds: speech.speechSeconds, segments: speech.segments, match: null };
  if (speech.speechSeconds < MIN_SPEECH_SECONDS) {
    const tooLittle = `Only ${speech.speechSeconds.toFixed(1)} s of speech: too little to judge the voice`;
    return {
      durationSeconds: audio.durationSeconds,
      findings,
      signals: [
        unknownVoiceSynthetic(tooLittle, { speechSeconds: speech.speechSeconds }),
        {
          id: "voice-antispoof",
          status: "unknown",
          explanation: tooLittle,
          evidence: { speechSeconds: speech.speechSeconds },
        },
      ],
    };
  }
  try {
    findings.match = await identityMatcher(identities).matchVoice(await speakerEmbedding(audio.samples, speech));
  } catch (error) {
    if (!(error instanceof NoSpeechError)) throw error;
  }
  const skipWhisper = gate(findings, whyCountermeasureCannotAddEvidence());
  const whisper = skipWhisper
    ? skippedSignal("voice-synthetic", skipWhisper)
    : await reading("voice-synthetic", () => voiceSyntheticSignal(audio.samples, speech.ranges));
  // AASIST is one more signal now, not the countermeasure: while its fitted operating point lets no
  // reading count, it is not computed in any mode (it cost ~0.08x real time and could change nothing).
  const aasistCannotCount = whyNoReadingCanAddEvidence(aasistOperatingPoint);
  const skipAasist = aasistCannotCount ?? gate(findings, null);
  const aasist = skipAasist
    ? skippedSignal("voice-antispoof", skipAasist)
    : await reading("voice-antispoof", async () =>
        antispoofSignal(await scoreSynthetic(audio.samples, { speech: speech.ranges }), aasistOperatingPoint),
      );
  return { durationSeconds: audio.durationSeconds, findings, signals: [whisper, aasist] };
}

/**
 * The countermeasure's verdict at its fitted operating point, never at a raw 0.5: genuine speech
 * often scores above 0.5. The explanation states the point and what it was measured to do, so a
 * "synthetic" claim carries its own false-alarm rate and an "absent" one does not pass for proof.
 */
export function antispoofSignal(spoof: SyntheticVoiceScore, point: OperatingPoint): Signal {
  const synthetic = spoof.score > point.threshold;
  const score = syntheticProbability(spoof.score, point);
  const measured =
    `threshold ${point.threshold.toFixed(4)}, at which ${percent(point.fitFalseAlarm)} of the genuine recordings it was fitted on ` +
    `and ${percent(point.heldOutFalseAlarm)} of held-out genuine recordings were called synthetic, ` +
    `and ${percent(point.cloneDetectionRate)} of the voice clones tested were detected`;
  const raw = `The ${spoof.model} countermeasure's raw score ${spoof.score.toFixed(4)}`;
  let explanation = `${raw} is not above its ${measured}; this does not show the speech is genuine`;
  if (synthetic)
    explanation =
      score > 0
        ? `${raw} is above its ${measured}`
        : `${raw} is above its ${measured}: it fires on genuine speech at least as often as on clones, so this is no evidence the speech is synthetic`;
  const windows = spoof.windows.length + spoof.skipped.length;
  if (spoof.skipped.length > 0)
    explanation += `; ${spoof.skipped.length} of the ${windows} four-second windows had no speech and were not scored`;
  return {
    id: "voice-antispoof",
    status: synthetic ? "present" : "absent",
    score,
    explanation,
    evidence: {
      model: spoof.model,
      rawScore: spoof.score,
      threshold: point.threshold,
      falseAlarm: { fit: point.fitFalseAlarm, heldOut: point.heldOutFalseAlarm, target: point.targetFalseAlarm },
      cloneDetectionRate: point.cloneDetectionRate,
      operatingPoint: point.source,
      windows: spoof.windows,
      skippedWindows: spoof.skipped,
    },
  };
}
