import type { ProfileRecord, ThreatRecord } from "../threat.js";
import { NoticeError } from "./errors.js";
import type { Confirmations, NoticeInput, NoticeSigner, OriginalWork } from "./types.js";

export class IncompleteProfileError extends NoticeError {
  constructor(readonly missing: readonly string[]) {
    super("PROFILE_INCOMPLETE", 422, `A notice needs your ${missing.join(", ")}; complete your profile first.`);
  }
}

/** An enrolled sample's metadata only (never the embedding): modality and when it was enrolled. */
export interface EnrolledSample {
  modality: "face" | "voice";
  createdAt: string;
}

/**
 * The work a threat copies: a voice clone copies recordings, a deepfake or impersonation copies
 * photos. The earliest enrolment of that kind is the strongest proof the original came first.
 */
export function originalWorkFor(
  threat: Pick<ThreatRecord, "threatType">,
  samples: readonly EnrolledSample[],
): OriginalWork {
  const modality = threat.threatType === "voice_clone" ? "voice" : "face";
  const dates = samples
    .filter((sample) => sample.modality === modality)
    .map((sample) => sample.createdAt)
    .sort();
  const enrolledAt = dates[0];
  if (!enrolledAt)
    throw new IncompleteProfileError([modality === "voice" ? "enrolled voice sample" : "enrolled face photo"]);
  return { modality: modality === "voice" ? "recording" : "photo", enrolledAt };
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
  workDescription?: string;
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
  const work = originalWorkFor(source.threat, source.samples);
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
    originalWork: source.workDescription ? { ...work, description: source.workDescription } : work,
    threat: source.threat,
    confirmations: source.confirmations,
    automatic: source.automatic,
    signedAt: source.signedAt,
  };
}
