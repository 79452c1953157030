import type { UtteranceEmbedding } from "./ge2e.js";
import { cosineDistance } from "./matching.js";
import { keepSpeech, normaliseVolume, speechAnalysis } from "./preprocess.js";

/**
 * Whether a voice sample is fit to enrol: it must hold speech, enough of it for a stable
 * embedding, and one voice only. A second speaker shows as two groups of partial-window
 * embeddings whose centres lie further apart than one speaker's windows do.
 * Runtime-free: the server runs it on onnxruntime-node, the zero-knowledge browser build on
 * onnxruntime-web, and the server applies voiceEnrolmentReasons to the numbers a browser reports.
 */
export const MIN_ENROLMENT_SPEECH_SECONDS = 4;
/**
 * Cosine distance between the two groups' centres above which they are taken as two speakers.
 * Measured on ../shared/data/voices (docs/voice.md): 20 one-speaker clips split at most 0.154
 * apart, 10 joins of two different LibriSpeech speakers at least 0.290.
 */
export const SECOND_SPEAKER_DISTANCE = 0.22;
const MIN_GROUP_PARTIALS = 2;

export interface EnrolmentAssessment {
  ok: boolean;
  reasons: string[];
  speechSeconds: number;
  /** How far apart the two likeliest speakers' partial windows lie (0: one group); absent without speech. */
  speakerSplitDistance?: number;
  /** The speaker embedding, when the sample is usable (saves computing it twice). */
  embedding?: Float32Array;
}

/** The two voice models the assessment runs, on whichever ONNX runtime the caller has. */
export interface VoiceModels {
  /** Silero VAD's speech probability per 512-sample frame. */
  speechProbabilities(pcm16k: Float32Array): Promise<Float32Array>;
  embedUtterance(wav: Float32Array): Promise<UtteranceEmbedding>;
}

function centroid(vectors: Float32Array[]): Float32Array {
  const first = vectors[0];
  if (!first) throw new Error("centroid of nothing");
  const out = new Float32Array(first.length);
  for (const v of vectors) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (v[i] as number);
  return out;
}

/**
 * Splits partial embeddings around the two furthest apart and returns the distance between the
 * groups' centres, or 0 when either group is too small to count as a speaker.
 */
export function speakerSplitDistance(partials: Float32Array[]): number {
  if (partials.length < 2 * MIN_GROUP_PARTIALS) return 0;
  let seedA = 0;
  let seedB = 1;
  let widest = -1;
  for (let i = 0; i < partials.length; i++)
    for (let j = i + 1; j < partials.length; j++) {
      const d = cosineDistance(partials[i] as Float32Array, partials[j] as Float32Array);
      if (d > widest) [widest, seedA, seedB] = [d, i, j];
    }
  const a: Float32Array[] = [];
  const b: Float32Array[] = [];
  for (const p of partials) {
    const closerToA =
      cosineDistance(p, partials[seedA] as Float32Array) <= cosineDistance(p, partials[seedB] as Float32Array);
    (closerToA ? a : b).push(p);
  }
  if (a.length < MIN_GROUP_PARTIALS || b.length < MIN_GROUP_PARTIALS) return 0;
  return cosineDistance(centroid(a), centroid(b));
}

/** The gates on the numbers alone: seconds of speech found, and the speaker split. */
export function voiceEnrolmentReasons(speechSeconds: number, splitDistance: number): string[] {
  if (!(speechSeconds > 0)) return ["no speech"];
  const reasons: string[] = [];
  if (speechSeconds < MIN_ENROLMENT_SPEECH_SECONDS) {
    reasons.push(`too short (< ${MIN_ENROLMENT_SPEECH_SECONDS} s of speech)`);
  }
  if (splitDistance > SECOND_SPEAKER_DISTANCE) reasons.push("more than one speaker");
  return reasons;
}

export async function assessVoiceWith(models: VoiceModels, pcm16k: Float32Array): Promise<EnrolmentAssessment> {
  const speech = speechAnalysis(await models.speechProbabilities(pcm16k), pcm16k.length);
  const speechSeconds = Math.round(speech.speechSeconds * 100) / 100;
  if (speech.ranges.length === 0) return { ok: false, reasons: ["no speech"], speechSeconds };
  const { embedding, partials } = await models.embedUtterance(normaliseVolume(keepSpeech(pcm16k, speech.ranges)));
  const splitDistance = speakerSplitDistance(partials);
  const reasons = voiceEnrolmentReasons(speech.speechSeconds, splitDistance);
  const assessment = { reasons, speechSeconds, speakerSplitDistance: splitDistance };
  return reasons.length === 0 ? { ok: true, ...assessment, embedding } : { ok: false, ...assessment };
}
