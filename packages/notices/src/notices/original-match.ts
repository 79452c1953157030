import type { OriginalHashes } from "@lg/domain/biometrics/original-hashes";
import { claimsSynthesis } from "@lg/domain/threats/claim-policy";
import { NEAR_DUPLICATE_MAX_BITS } from "@lg/domain/threats/near-duplicate-bands";
import { hammingHex } from "@lg/domain/threats/threat-recorder";
import { type ThreatRecord, threatEvidence } from "../threat.js";

// Copyright exists in a photo or recording, never in a face or a voice: a claim can rest only on a
// found copy of a file the person made, which these hashes of the enrolled file show.
export type { OriginalHashes };

/** How the found media is shown to be a copy of this original, or undefined when it is not. */
export type OriginalMatch = "same-file" | "near-duplicate";

/**
 * Whether the threat's media reproduces this original. Synthetic media never does: a cloned voice
 * or a generated face is made by a model, not copied from the enrolment file, even when the model
 * learned from it. Only the same bytes, or (for a picture) a near-duplicate by the scan's own perceptual-hash distance, count.
 */
export function reproducesOriginal(
  threat: Pick<ThreatRecord, "threatType" | "confidence" | "detection" | "classification" | "mediaSha256"> &
    Partial<Pick<ThreatRecord, "perceptualHash">>,
  original: OriginalHashes,
): OriginalMatch | undefined {
  if (claimsSynthesis(threatEvidence(threat).synthetic)) return undefined;
  if (original.mediaSha256 && original.mediaSha256 === threat.mediaSha256) return "same-file";
  if (
    original.perceptualHash &&
    threat.perceptualHash &&
    hammingHex(original.perceptualHash, threat.perceptualHash) <= NEAR_DUPLICATE_MAX_BITS
  ) {
    return "near-duplicate";
  }
  return undefined;
}
