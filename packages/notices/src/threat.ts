import type { Threat, UserProfile } from "@lg/domain/table/entities";
import { claimsSynthesis } from "@lg/domain/threats/claim-policy";
import type { Severity, ThreatClassification } from "@lg/domain/threats/classification-schema";
import type { z } from "zod";

/** A stored threat as the domain parses it; notices and alerts read only what they need. */
export type ThreatRecord = z.infer<typeof Threat.schema>;
export type ProfileRecord = z.infer<typeof UserProfile.schema>;

const THREAT_TYPE_LABELS: Record<ThreatRecord["threatType"], string> = {
  deepfake: "Deepfake",
  voice_clone: "Voice clone",
  impersonation: "Impersonation",
  likeness_misuse: "Likeness used without consent",
  intimate_imagery: "Intimate imagery",
};

export function threatTypeLabel(threatType: ThreatRecord["threatType"]): string {
  return THREAT_TYPE_LABELS[threatType];
}

type ClassifiedThreat = Pick<ThreatRecord, "classification">;

/** The evidence behind a threat's type, as the scan (or the threat migration) stored it. */
export function threatEvidence(threat: ClassifiedThreat): ThreatClassification {
  return threat.classification;
}

/** Critical only where the evidence supports it (threats/severity-policy.ts severityFor). */
export function threatSeverity(threat: ClassifiedThreat): Severity {
  return threatEvidence(threat).severity;
}

/**
 * Intimate imagery is decided from what detection recorded, never guessed from text or from the
 * platform: the explicit-content finding of a matched face, real or synthetic. A voice is never an
 * intimate visual depiction (the TAKE IT DOWN Act covers visual depictions only).
 */
export function isIntimateImagery(threat: ClassifiedThreat): boolean {
  return threatEvidence(threat).type === "intimate_imagery";
}

/**
 * Synthesis may be claimed: a deepfake, a cloned voice, or an intimate depiction that is also
 * synthetic, at the "synthetic" level only (claimsSynthesis); "possibly synthetic" is never claimed.
 */
export function isSyntheticMedia(threat: ClassifiedThreat): boolean {
  return claimsSynthesis(threatEvidence(threat).synthetic);
}
