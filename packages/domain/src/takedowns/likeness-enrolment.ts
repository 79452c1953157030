import { threatEvidence } from "@lg/notices";
import {
  FACE_REVIEW_NOTICE_MESSAGE,
  RESCAN_AFTER_REVERIFY_MESSAGE,
  REVERIFY_FACE_MESSAGE,
  UNVERIFIED_ENROLMENT_MESSAGE,
} from "../biometrics/enrolment-verification.js";
import { DomainError } from "../errors.js";
import type { PersonSample } from "./ports.js";

type ThreatFacts = Parameters<typeof threatEvidence>[0] & { detection: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Which enrolled modality a threat's likeness match compared against: an impersonating avatar is a face. */
export function matchedModality(threat: ThreatFacts): "face" | "voice" {
  return threatEvidence(threat).likeness.modality === "voice" ? "voice" : "face";
}

/** What the scan recorded about the sample a match was nearest to (`detection.face|voice.enrolment`), if anything. */
function matchMark(threat: ThreatFacts, modality: "face" | "voice"): "verified" | "unverified" | undefined {
  const match = threat.detection[modality];
  if (!isRecord(match)) return undefined;
  return match.enrolment === "verified" || match.enrolment === "unverified" ? match.enrolment : undefined;
}

/**
 * Whether a threat's likeness match rests on an enrolment the server never verified. The scan
 * marks each match by the sample it was nearest to, and that mark decides. A threat recorded before
 * scans marked matches cannot say, so it counts as resting on an unverified enrolment while any
 * searched sample of that modality is unverified.
 */
export function restsOnUnverifiedEnrolment(threat: ThreatFacts, samples: readonly PersonSample[]): boolean {
  // A registered image matched by its hash: no face or voice enrolment is involved at all.
  if (threatEvidence(threat).likeness.modality === "registered-image") return false;
  const modality = matchedModality(threat);
  // Whose face it is stays open while a review runs: no notice under anyone's name rests on it.
  if (samples.some((s) => s.modality === modality && s.underReview === true)) return true;
  const mark = matchMark(threat, modality);
  if (mark) return mark === "unverified";
  // A lapsed face, or a face a browser reported, is no longer searched, but an unmarked match found
  // while it was may well rest on it.
  return samples.some(
    (s) =>
      s.modality === modality &&
      s.verified === false &&
      (s.searched !== false || s.lapsed === true || s.source === "zero-knowledge"),
  );
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
    `This threat's ${modality} match rests on an unverified enrolment, so no notice can be sent under your name. ${howToVerify(threat, samples, modality)}`,
  );
}

/**
 * What to do about it. A face verified before the live check: why it lapsed and how to verify again;
 * once verified again, a scan matches the threat anew. Otherwise how to verify at all.
 */
function howToVerify(threat: ThreatFacts, samples: readonly PersonSample[], modality: "face" | "voice"): string {
  const match = threat.detection[modality];
  const lapsedMatch = isRecord(match) && match.lapsed === "predates-live-check";
  const ofModality = samples.filter((s) => s.modality === modality);
  if (ofModality.some((s) => s.underReview === true)) return FACE_REVIEW_NOTICE_MESSAGE;
  if (ofModality.some((s) => s.lapsed === true) && !ofModality.some((s) => s.verified === true)) {
    return REVERIFY_FACE_MESSAGE;
  }
  return lapsedMatch ? RESCAN_AFTER_REVERIFY_MESSAGE : UNVERIFIED_ENROLMENT_MESSAGE[modality];
}
