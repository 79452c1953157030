import { type ProfileRecord, type ThreatRecord, threatEvidence } from "../threat.js";
import { NoticeError } from "./errors.js";
import { type OriginalHashes, type OriginalMatch, reproducesOriginal } from "./original-match.js";
import type { Confirmations, NoticeInput, NoticeSigner, OriginalWork } from "./types.js";

export class IncompleteProfileError extends NoticeError {
  constructor(readonly missing: readonly string[]) {
    super("PROFILE_INCOMPLETE", 422, `A notice needs your ${missing.join(", ")}; complete your profile first.`);
  }
}

/** An enrolled sample's metadata only (never the embedding): which one, its modality and when it was enrolled. */
export interface EnrolledSample extends OriginalHashes {
  /** Absent only for records made before samples were named in notices; such a sample cannot be claimed. */
  sampleId?: string;
  modality: "face" | "voice";
  createdAt: string;
  /** How it was given: an uploaded file, a live capture, or analysed in the browser (zero-knowledge). */
  source?: string;
}

export class UnknownOriginalError extends NoticeError {
  constructor() {
    super(
      "ORIGINAL_NOT_FOUND",
      422,
      "Choose one of your enrolled photos or recordings that this media is shown to copy (the same file, or a near-duplicate picture) as the original you made or own.",
    );
  }
}

/**
 * The enrolled originals a copyright claim for this threat could name: only those the found media is
 * shown to reproduce (same file, or a near-duplicate picture), with how. A face or voice merely
 * matched, or synthesized from them, is no copy of any file, so it offers none.
 */
export function claimableOriginals(
  threat: Pick<ThreatRecord, "threatType" | "confidence" | "detection" | "classification" | "mediaSha256"> &
    Partial<Pick<ThreatRecord, "perceptualHash">>,
  samples: readonly EnrolledSample[],
): (EnrolledSample & { sampleId: string; match: OriginalMatch })[] {
  const modality = threatEvidence(threat).likeness.modality === "voice" ? "voice" : "face";
  return samples
    .flatMap((sample) => {
      const match = sample.sampleId && sample.modality === modality ? reproducesOriginal(threat, sample) : undefined;
      return match && sample.sampleId ? [{ ...sample, sampleId: sample.sampleId, match }] : [];
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function claimedOriginal(
  threat: ThreatRecord,
  samples: readonly EnrolledSample[],
  sampleId: string,
  description?: string,
): OriginalWork {
  const sample = claimableOriginals(threat, samples).find((s) => s.sampleId === sampleId);
  if (!sample) throw new UnknownOriginalError();
  return {
    modality: sample.modality === "voice" ? "recording" : "photo",
    sampleId: sample.sampleId,
    enrolledAt: sample.createdAt,
    match: sample.match,
    ...(description ? { description } : {}),
  };
}

export interface NoticeInputSource {
  profile: ProfileRecord;
  threat: ThreatRecord;
  samples: readonly EnrolledSample[];
  confirmations: Confirmations;
  automatic: boolean;
  signedAt: string;
  /** Defaults to the person signing for themself. */
  signer?: NoticeSigner;
  /** The enrolled original the person claims copyright in, for this notice only. */
  copyrightClaim?: { sampleId: string; description?: string };
}

/** Builds the notice input from stored records; a notice without a name and email would not hold up. */
export function noticeInputFromProfile(source: NoticeInputSource): NoticeInput {
  const { profile } = source;
  const missing = [
    profile.firstName ? undefined : "first name",
    profile.lastName ? undefined : "last name",
    profile.email ? undefined : "email",
  ].filter((field): field is string => field !== undefined);
  if (missing.length > 0 || !profile.firstName || !profile.lastName || !profile.email) {
    throw new IncompleteProfileError(missing);
  }
  const claim = source.copyrightClaim;
  const work = claim ? claimedOriginal(source.threat, source.samples, claim.sampleId, claim.description) : undefined;
  return {
    person: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      city: profile.city,
      country: profile.country,
    },
    signer: source.signer ?? { kind: "self", fullName: `${profile.firstName} ${profile.lastName}` },
    ...(work ? { copyrightClaim: work } : {}),
    threat: source.threat,
    confirmations: source.confirmations,
    automatic: source.automatic,
    signedAt: source.signedAt,
  };
}
