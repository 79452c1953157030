import { classifyMedia } from "../threats/classification.js";
import type { ThreatClassification } from "../threats/classification-schema.js";
import type { ThreatCandidate } from "../threats/threat-recorder.js";
import { titleFor } from "../threats/threat-titles.js";
import type { EnrolledPerson, MediaAnalysis } from "./scan-ports.js";

/** Below this calibrated match confidence a face or voice is not treated as the person's. */
export const MATCH_FLOOR_PERCENT = 50;
/** At or above this fused synthetic probability the media is called synthetic (analyses without a fused verdict). */
export const SYNTHETIC_THRESHOLD = 0.5;

export interface Verdict {
  personId: string;
  threatType: ThreatCandidate["threatType"];
  confidence: number;
  title: string;
  synthetic: "synthetic" | "no-synthetic-evidence";
  classification: ThreatClassification;
}

/** The fused verdict as the engine stated it; older analyses carry only the score. */
function syntheticVerdict(finding: MediaAnalysis) {
  if (finding.syntheticStatus) return finding.syntheticStatus;
  if (finding.syntheticScore === null) return "unknown" as const;
  return finding.syntheticScore >= SYNTHETIC_THRESHOLD ? ("synthetic" as const) : ("no-evidence" as const);
}

/**
 * Turns a finding into a threat verdict, or none. Whose likeness it is comes from the match; what
 * the threat is comes from the evidence (threats/classification.ts): a deepfake or voice clone only
 * with synthetic evidence, intimate imagery only from the explicit-content finding, otherwise the
 * genuine likeness used without consent.
 */
/** What a verdict needs of a protected person: the name a threat's title gives. */
export type ProtectedName = Pick<EnrolledPerson, "personId" | "displayName">;

export function likenessVerdict(
  finding: MediaAnalysis,
  people: readonly ProtectedName[],
  found: { title?: string; url?: string } = {},
): Verdict | null {
  const name = (id: string) => people.find((p) => p.personId === id)?.displayName ?? "you";
  const status = syntheticVerdict(finding);
  const classified = classifyMedia(
    {
      face: finding.face,
      voice: finding.voice,
      synthetic: {
        status,
        score: finding.syntheticScore,
        ...(finding.syntheticOperatingPoint ? { operatingPoint: finding.syntheticOperatingPoint } : {}),
      },
      signals: finding.syntheticSignals,
      intimate: finding.intimate ?? null,
      found,
    },
    MATCH_FLOOR_PERCENT,
  );
  if (!classified) return null;
  const { classification } = classified;
  return {
    personId: classified.personId,
    threatType: classification.type,
    confidence: classified.confidence,
    title: titleFor(classification.type, classification.likeness.modality, name(classified.personId)),
    synthetic: status === "synthetic" ? "synthetic" : "no-synthetic-evidence",
    classification,
  };
}
