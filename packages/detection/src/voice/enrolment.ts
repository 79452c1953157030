import { cosineDistance } from "./matching.js";
import { speakerModel } from "./models.js";
import { analyseSpeech, keepSpeech, normaliseVolume } from "./speech.js";

/**
 * Whether a voice sample is fit to enrol: it must hold speech, enough of it for a stable
 * embedding, and one voice only. A second speaker shows as two groups of partial-window
 * embeddings whose centres lie further apart than one speaker's windows do.
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
  /** The speaker embedding, when the sample is usable (saves computing it twice). */
  embedding?: Float32Array;
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

export async function assessVoiceForEnrolment(pcm16k: Float32Array): Promise<EnrolmentAssessment> {
  const speech = await analyseSpeech(pcm16k);
  const speechSeconds = Math.round(speech.speechSeconds * 100) / 100;
  if (speech.ranges.length === 0) return { ok: false, reasons: ["no speech"], speechSeconds };
  const reasons: string[] = [];
  if (speech.speechSeconds < MIN_ENROLMENT_SPEECH_SECONDS) {
    reasons.push(`too short (< ${MIN_ENROLMENT_SPEECH_SECONDS} s of speech)`);
  }
  const { embedding, partials } = await speakerModel().predict(normaliseVolume(keepSpeech(pcm16k, speech.ranges)));
  if (speakerSplitDistance(partials) > SECOND_SPEAKER_DISTANCE) reasons.push("more than one speaker");
  return reasons.length === 0 ? { ok: true, reasons, speechSeconds, embedding } : { ok: false, reasons, speechSeconds };
}
