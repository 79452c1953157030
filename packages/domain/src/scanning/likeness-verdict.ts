import type { EnrolledPerson, MediaAnalysis } from "./scan-ports.js";
import type { ThreatCandidate } from "./threat-recorder.js";

/** Below this calibrated match confidence a face or voice is not treated as the person's. */
export const MATCH_FLOOR_PERCENT = 50;
/** At or above this fused synthetic probability the media is called synthetic. */
export const SYNTHETIC_THRESHOLD = 0.5;

export interface Verdict {
  personId: string;
  threatType: ThreatCandidate["threatType"];
  confidence: number;
  title: string;
  synthetic: "synthetic" | "no-synthetic-evidence";
}

/**
 * Turns a finding into a threat verdict, or none. The person's likeness found on content
 * that is not theirs is a threat; its type says which likeness: a face (deepfake), a voice
 * (voice_clone). The title states whether synthetic evidence was found, so a re-upload of a
 * real photo is never presented as proven fake.
 */
export function likenessVerdict(finding: MediaAnalysis, people: EnrolledPerson[]): Verdict | null {
  const name = (id: string) => people.find((p) => p.personId === id)?.displayName ?? "you";
  const synthetic = finding.syntheticScore !== null && finding.syntheticScore >= SYNTHETIC_THRESHOLD;
  const syntheticWord = synthetic ? "synthetic" : "no-synthetic-evidence";
  const face = finding.face && finding.face.confidence >= MATCH_FLOOR_PERCENT ? finding.face : null;
  const voice = finding.voice && finding.voice.confidence >= MATCH_FLOOR_PERCENT ? finding.voice : null;
  if (face && (!voice || face.confidence >= voice.confidence)) {
    return {
      personId: face.personId,
      threatType: "deepfake",
      confidence: face.confidence,
      title: synthetic
        ? `Synthetic media showing ${name(face.personId)}'s face`
        : `${name(face.personId)}'s face used in content you do not own`,
      synthetic: syntheticWord,
    };
  }
  if (voice) {
    return {
      personId: voice.personId,
      threatType: "voice_clone",
      confidence: voice.confidence,
      title: synthetic
        ? `Cloned voice imitating ${name(voice.personId)}`
        : `${name(voice.personId)}'s voice used in content you do not own`,
      synthetic: syntheticWord,
    };
  }
  return null;
}
