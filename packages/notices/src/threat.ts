import type { Threat, UserProfile } from "@lg/domain/table/entities";
import type { z } from "zod";

/** A stored threat as the domain parses it; notices and alerts read only what they need. */
export type ThreatRecord = z.infer<typeof Threat.schema>;
export type ProfileRecord = z.infer<typeof UserProfile.schema>;

const THREAT_TYPE_LABELS: Record<ThreatRecord["threatType"], string> = {
  deepfake: "Deepfake",
  voice_clone: "Voice clone",
  impersonation: "Impersonation",
};

export function threatTypeLabel(threatType: ThreatRecord["threatType"]): string {
  return THREAT_TYPE_LABELS[threatType];
}

/**
 * Intimate imagery is decided from what detection recorded, never guessed from text:
 * `detection.intimate === true` or `detection.nsfw === true` (set by the detection pipeline's
 * explicit-content signal). A voice clone is never intimate imagery: the TAKE IT DOWN Act covers
 * visual depictions only. A deepfake found on an adult platform counts as intimate too, because
 * such a platform hosts sexual content only; an impersonating account there does not, unless
 * flagged, since a fake profile is not by itself an intimate depiction. See docs/takedowns.md.
 */
export function isIntimateImagery(threat: ThreatRecord, platformIsAdult: boolean): boolean {
  if (threat.threatType === "voice_clone") return false;
  if (threat.detection.intimate === true || threat.detection.nsfw === true) return true;
  return platformIsAdult && threat.threatType === "deepfake";
}
