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
import type { Signal, SignalId, VoiceFindings } from "./result.js";
import { type RunContext, runSignals, type SignalEntry } from "./signal-runner.js";
import { NoSpeechError, speakerEmbedding } from "./voice/index.js";
import { analyseSpeech, type SpeechAnalysis } from "./voice/speech.js";
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

/** The voice as heard before any countermeasure: the audio, where its speech is, and whose voice it is. */
export interface HeardVoice {
  audio: DecodedAudio;
  speech: SpeechAnalysis;
  findings: VoiceFindings;
}

/** The sample rate the voice models take. */
export const VOICE_SAMPLE_RATE = 16_000;

/** Decodes the audio (unless given decoded), finds its speech and matches the speaker against the identities. */
export async function hearVoice(
  /** The media's bytes, or its audio already decoded at VOICE_SAMPLE_RATE (a video's, with its frames). */
  source: Uint8Array | DecodedAudio,
  identities: Identities,
  maxSeconds: number,
): Promise<HeardVoice> {
  const audio =
    source instanceof Uint8Array ? await decodeAudio(source, { maxSeconds, sampleRate: VOICE_SAMPLE_RATE }) : source;
  if (audio.sampleRate !== VOICE_SAMPLE_RATE)
    throw new Error(`The voice models take ${VOICE_SAMPLE_RATE} Hz audio, got ${audio.sampleRate} Hz`);
  const speech = await analyseSpeech(audio.samples);
  const findings: VoiceFindings = { speechSeconds: speech.speechSeconds, segments: speech.segments, match: null };
  if (speech.speechSeconds < MIN_SPEECH_SECONDS) return { audio, speech, findings };
  try {
    findings.match = await identityMatcher(identities).matchVoice(await speakerEmbedding(audio.samples, speech));
  } catch (error) {
    if (!(error instanceof NoSpeechError)) throw error;
  }
  return { audio, speech, findings };
}

/** What the voice signals read: the voice heard, once heard. */
export interface VoiceContext extends RunContext {
  heard: HeardVoice | null;
}

const heardOf = (context: VoiceContext): HeardVoice => {
  if (!context.heard) throw new Error("A voice signal ran before the voice was heard");
  return context.heard;
};

const tooLittleSpeech = (id: SignalId, context: VoiceContext): Signal | null => {
  const { speechSeconds } = heardOf(context).speech;
  if (speechSeconds >= MIN_SPEECH_SECONDS) return null;
  const tooLittle = `Only ${speechSeconds.toFixed(1)} s of speech: too little to judge the voice`;
  return id === "voice-synthetic"
    ? unknownVoiceSynthetic(tooLittle, { speechSeconds })
    : { id, status: "unknown", explanation: tooLittle, evidence: { speechSeconds } };
};

/** A countermeasure: read from an audio file or a video's audio track, once the voice is heard. */
function voiceSignal(
  id: SignalId,
  rule: Pick<SignalEntry<VoiceContext>, "leftOut" | "whyNoReadingCounts" | "compute">,
): SignalEntry<VoiceContext> {
  return {
    id,
    kinds: ["audio", "video"],
    cost: "costly",
    stage: "voice",
    applies: (context) => context.heard !== null,
    unavailable: (context) => tooLittleSpeech(id, context),
    ...rule,
  };
}

/**
 * The voice countermeasures as the signal table lists them. AASIST is one more signal now, not the
 * countermeasure: while its fitted operating point lets no reading count, it is not computed in any
 * mode (it cost ~0.08x real time and could change nothing).
 */
export const VOICE_SIGNALS: readonly SignalEntry<VoiceContext>[] = [
  voiceSignal("voice-synthetic", {
    whyNoReadingCounts: () => whyCountermeasureCannotAddEvidence(),
    compute: (context) => voiceSyntheticSignal(heardOf(context).audio.samples, heardOf(context).speech.ranges),
  }),
  voiceSignal("voice-antispoof", {
    leftOut: () => whyNoReadingCanAddEvidence(aasistOperatingPoint),
    compute: async (context) =>
      antispoofSignal(
        await scoreSynthetic(heardOf(context).audio.samples, { speech: heardOf(context).speech.ranges }),
        aasistOperatingPoint,
      ),
  }),
];

/** The voice half of an analysis on its own, every signal computed: who speaks, and how likely the speech is synthetic. */
export async function analyseVoice(
  source: Uint8Array | DecodedAudio,
  identities: Identities,
  maxSeconds: number,
): Promise<VoiceAnalysis> {
  const heard = await hearVoice(source, identities, maxSeconds);
  const context: VoiceContext = { kind: "audio", faces: [], voice: heard.findings, signals: [], heard };
  const signals = await runSignals(VOICE_SIGNALS, context, { gate: "all" });
  return { durationSeconds: heard.audio.durationSeconds, findings: heard.findings, signals };
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
