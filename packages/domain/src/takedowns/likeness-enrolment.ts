import { threatEvidence } from "@lg/notices";
import { UNVERIFIED_ENROLMENT_MESSAGE } from "../biometrics/enrolment-verification.js";
import { DomainError } from "../errors.js";
import type { PersonSample } from "./ports.js";

type ThreatFacts = Parameters<typeof threatEvidence>[0];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Which enrolled modality a threat's likeness match compared against: an impersonating avatar is a face. */
export function matchedModality(threat: ThreatFacts): "face" | "voice" {
  return threatEvidence(threat).likeness.modality === "voice" ? "voice" : "face";
}

/** The scan marks a match made against an unverified sample (`detection.face|voice.enrolment`). */
function markedUnverified(threat: ThreatFacts, modality: "face" | "voice"): boolean {
  const match = threat.detection[modality];
  return isRecord(match) && match.enrolment === "unverified";
}

/**
 * Whether a threat's likeness match rests on an enrolment the server never verified: the scan
 * said so when it matched, or the person's searched samples of that modality include an unverified
 * one now (threats recorded before scans marked matches, or an unverified sample added since).
 */
export function restsOnUnverifiedEnrolment(threat: ThreatFacts, samples: readonly PersonSample[]): boolean {
  const modality = matchedModality(threat);
  if (markedUnverified(threat, modality)) return true;
  return samples.some((s) => s.modality === modality && s.searched !== false && s.verified === false);
}

/**
 * No notice is generated or sent under the person's name on a likeness the server could not tell
 * is theirs: a modified page can enrol a stranger's face by reporting its descriptor.
 */
export function assertVerifiedLikeness(threat: ThreatFacts, samples: readonly PersonSample[]): void {
  if (!restsOnUnverifiedEnrolment(threat, samples)) return;
  const modality = matchedModality(threat);
  throw new DomainError(
    "conflict",
    `This threat's ${modality} match rests on an unverified enrolment, so no notice can be sent under your name. ${UNVERIFIED_ENROLMENT_MESSAGE[modality]}`,
  );
}
