import {
  type FaceFalseMatchEvidence,
  falseMatchRateFor,
  falseMatchSentence,
  matchBand,
} from "@lg/domain/threats/match-band";
import type { Threat } from "../../api/types";

const BAND_WORDS = {
  "very strong": "Very strong",
  strong: "Strong",
  likely: "Likely",
  possible: "Possible",
  weak: "Weak",
} as const;

const isVoice = (threat: Pick<Threat, "threatType" | "classification">) =>
  threat.classification?.likeness.modality === "voice" || threat.threatType === "voice_clone";

/**
 * A threat's match in words: "Very strong face match", and, for a face, the false-match rate the
 * face benchmark measured at that closeness. Voices have no measured rate to state, so none is.
 */
export function matchWords(
  threat: Pick<Threat, "confidence" | "threatType" | "classification">,
  evidence: FaceFalseMatchEvidence | undefined,
): { label: string; falseMatch?: string; falseMatchShort?: string } {
  const label = `${BAND_WORDS[matchBand(threat.confidence)]} ${isVoice(threat) ? "voice" : "face"} match`;
  if (isVoice(threat) || !evidence) return { label };
  const rate = falseMatchRateFor(threat.confidence, evidence);
  const sentence = falseMatchSentence(threat.confidence, evidence);
  if (rate === undefined || !sentence) return { label };
  return {
    label,
    falseMatch: sentence,
    falseMatchShort: `false matches at most 1 in ${Math.round(1 / rate).toLocaleString("en-US")} in our benchmark`,
  };
}
