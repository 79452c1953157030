import {
  type FalseMatchEvidence,
  falseMatchRateFor,
  falseMatchSentence,
  type MatchLimit,
  matchBand,
  matchLimitWords,
} from "@lg/domain/threats/match-band";
import type { Threat } from "../../api/types";

const BAND_WORDS = {
  "very strong": "Very strong",
  strong: "Strong",
  likely: "Likely",
  possible: "Possible",
  weak: "Weak",
} as const;

/** The false-match evidence of each modality's benchmark, as /api/system/metrics serves it. */
export interface MatchEvidence {
  faceFalseMatch?: FalseMatchEvidence | undefined;
  voiceFalseMatch?: FalseMatchEvidence | undefined;
}

type MatchedThreat = Pick<Threat, "confidence" | "threatType" | "classification" | "matchModality" | "matchLimitedBy">;

/** What matched: the list row says it, the details' classification too; older rows fall back on the type. */
export function matchModality(threat: MatchedThreat): "face" | "voice" | "profile" | "registered-image" {
  return (
    threat.matchModality ??
    threat.classification?.likeness.modality ??
    (threat.threatType === "voice_clone" ? "voice" : threat.threatType === "impersonation" ? "profile" : "face")
  );
}

const NOUN = { face: "face match", voice: "voice match", profile: "name match" } as const;
/** A registered image matches by its hash, not by a likeness: no band, no benchmark rate. */
const REGISTERED_IMAGE_LABEL = "Matches an intimate image you registered";
/** A row's few words for what held a face match down. */
const LIMIT_SHORT: Record<MatchLimit, string> = {
  "small-face": "a small face",
  "tiny-face": "a tiny face",
  "partial-face": "a face partly outside the picture",
  "unclear-face": "an unclear face",
};
const BENCHMARK = { face: "our face benchmark", voice: "our speaker benchmark" } as const;

/**
 * A threat's match in words: "Very strong voice match", and the false-match rate that modality's
 * benchmark measured at that closeness (a face match on the face benchmark, a voice match on the
 * speaker benchmark). A profile's name match has no such rate, so none is stated.
 */
export function matchWords(
  threat: MatchedThreat,
  evidence: MatchEvidence | undefined,
): { label: string; falseMatch?: string; falseMatchShort?: string } {
  const modality = matchModality(threat);
  if (modality === "registered-image") return { label: REGISTERED_IMAGE_LABEL };
  const label = `${BAND_WORDS[matchBand(threat.confidence)]} ${NOUN[modality]}`;
  if (modality === "profile") return { label };
  const limits = threat.classification?.likeness.limitedBy ?? threat.matchLimitedBy;
  // The benchmark's false-match rates were measured on whole, clear faces: they do not hold for this one.
  if (limits?.length)
    return {
      label,
      falseMatchShort: `no benchmark rate for ${limits.map((limit) => LIMIT_SHORT[limit]).join(" and ")}`,
      falseMatch: `Read no higher than a ${matchBand(threat.confidence)} match because ${matchLimitWords(limits)}. Our face benchmark's false-match rates were measured on whole, clear faces, so none is stated for this one.`,
    };
  const measured = modality === "face" ? evidence?.faceFalseMatch : evidence?.voiceFalseMatch;
  const rate = measured && falseMatchRateFor(threat.confidence, measured);
  const sentence = measured && falseMatchSentence(threat.confidence, measured);
  if (rate === undefined || !sentence) return { label };
  return {
    label,
    falseMatch: sentence,
    falseMatchShort: `false matches at most 1 in ${Math.round(1 / rate).toLocaleString("en-US")} in ${BENCHMARK[modality]}`,
  };
}
