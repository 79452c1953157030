import type { BiometricSampleRecord } from "../records.js";

/**
 * Whether the server itself checked a sample, which is what lets the product act in the person's
 * name on a match against it. The server verifies only what it saw: a live capture whose frames
 * passed its own gates and pose rules, or a sample that matches such a capture. A zero-knowledge
 * sample is numbers the browser reported (a modified page can send anyone's descriptor with
 * invented yaw angles), and an uploaded recording is anyone's recording, so neither is verified
 * whatever it claims.
 */
export type EnrolmentMethod = "server-checked-capture" | "client-reported" | "upload";

/**
 * How a verified sample came to be. A face: the server's live check (a burst answering its
 * challenge, liveness-challenge.ts), or a match to such a capture. A voice: "live-check" when it said
 * the live check's random phrase in the account's voice (voice-phrase.ts), or a match to such a
 * recording. "server-checked-capture" is the capture check before the live check, which three still
 * photos of someone else (or any public recording, for a voice) passed: such samples are demoted.
 */
export type VerifiedBy =
  | "live-check"
  | "matches-live-check"
  | "server-checked-capture"
  | "matches-server-checked-capture";

/** The marks only a face verified through the live check carries. */
export const LIVE_CHECK_MARKS: readonly VerifiedBy[] = ["live-check", "matches-live-check"];

type SampleFacts = Pick<BiometricSampleRecord, "source" | "verified" | "modality"> & {
  verifiedBy?: VerifiedBy;
  reviewStatus?: "pending" | "challenged";
  verificationLapsed?: "predates-live-check";
};

export function enrolmentMethod(sample: Pick<BiometricSampleRecord, "source">): EnrolmentMethod {
  if (sample.source === "live-capture") return "server-checked-capture";
  return sample.source === "zero-knowledge" ? "client-reported" : "upload";
}

/**
 * The verification state of a stored sample. Records written before `verifiedBy` existed stored
 * `verified: true` for every zero-knowledge sample and every uploaded voice, so for them the flag
 * counts only where the server had checked the sample (a live capture, an uploaded photo confirmed
 * by one).
 */
export function isServerVerified(sample: SampleFacts): boolean {
  if (!sample.verified) return false;
  if (sample.verifiedBy) return true;
  return sample.source === "live-capture" || (sample.source === "upload" && sample.modality === "face");
}

/**
 * The demotion rule: a face the server counts as verified without the live check's mark (verified
 * by the capture check before it, vouched for by such a capture, or stored before `verifiedBy`
 * existed). Voices are not concerned: the live check is of faces.
 */
export function faceVerificationPredatesLiveCheck(sample: SampleFacts): boolean {
  if (sample.modality !== "face" || !isServerVerified(sample)) return false;
  return !sample.verifiedBy || !LIVE_CHECK_MARKS.includes(sample.verifiedBy);
}

/**
 * The same rule for voices: before the live check's spoken phrase (voice-phrase.ts), any recording
 * posted as a live capture was verified, so a verified voice without the live check's mark proves
 * nothing and is demoted like a face.
 */
export function voiceVerificationPredatesPhrase(sample: SampleFacts): boolean {
  if (sample.modality !== "voice" || !isServerVerified(sample)) return false;
  return !sample.verifiedBy || !LIVE_CHECK_MARKS.includes(sample.verifiedBy);
}

export const verificationPredatesLiveCheck = {
  face: faceVerificationPredatesLiveCheck,
  voice: voiceVerificationPredatesPhrase,
} as const;

/**
 * The sample as the demotion leaves it: kept, no longer verified (so no longer searched or able to
 * vouch), with when and why, so the person can be told and one live check can verify it again.
 */
export function lapsedVerification<T extends BiometricSampleRecord>(sample: T, at: Date): T {
  const { verifiedBy: _by, liveCheckId: _check, ...rest } = sample;
  return {
    ...rest,
    verified: false,
    verificationLapsed: "predates-live-check",
    verificationLapsedAt: at.toISOString(),
  } as T;
}

/**
 * What a scan searches for: a face only once the server has proven it the account holder's, by a
 * live check of that face (the check itself, or a sample that matches it). Unconfirmed uploaded
 * photos and client-reported (zero-knowledge) descriptors stay out, so nobody can have the service
 * hunt for a stranger by uploading their picture or posting descriptors of it. Voices are always
 * searched (a match on an unverified voice sends no notice).
 */
export function searchedInScans(sample: SampleFacts): boolean {
  if (sample.modality === "voice") return true;
  return isServerVerified(sample);
}

/** One modality's standing, as the profile and the enrolment answers report it. */
export interface ModalityEnrolment {
  enrolled: boolean;
  verified: boolean;
  /** How the searched samples were enrolled, each method once. */
  methods: EnrolmentMethod[];
  /** Some searched sample is unverified, so notices under the person's name resting on this modality are refused. */
  noticesBlocked: boolean;
  /** When blocked: what is withheld and how to verify, in words the page shows as they are. */
  restriction?: string;
  /** A review of this face runs (biometrics/face-review.ts): a new live check is asked for. */
  pendingReview?: boolean;
  /** The face was verified before the live check; that no longer counts until a live check verifies it again. */
  reverifyNeeded?: boolean;
}

export function modalityEnrolment(samples: readonly SampleFacts[], modality: "face" | "voice"): ModalityEnrolment {
  // A face a browser reported is enrolled though not searched until a live check proves it: its
  // standing says so, and notices stay blocked (threats found while it was searched may rest on it).
  const searched = samples.filter(
    (s) => s.modality === modality && (searchedInScans(s) || s.source === "zero-knowledge"),
  );
  const unverified = searched.some((s) => !isServerVerified(s));
  // Held captures are not searched (the face may be someone else's), but they block notices all the same.
  if (samples.some((s) => s.modality === modality && s.reviewStatus === "pending")) {
    return {
      enrolled: searched.length > 0,
      verified: false,
      methods: [...new Set(searched.map((s) => enrolmentMethod(s)))],
      noticesBlocked: true,
      restriction: FACE_HELD_FOR_REVIEW_MESSAGE,
      pendingReview: true,
    };
  }
  // Verified first, but another account's live check matched it: still searched, notices paused.
  if (samples.some((s) => s.modality === modality && s.reviewStatus === "challenged")) {
    return {
      enrolled: true,
      verified: true,
      methods: [...new Set(searched.map((s) => enrolmentMethod(s)))],
      noticesBlocked: true,
      restriction: FACE_CHALLENGED_MESSAGE,
      pendingReview: true,
    };
  }
  // A lapsed verification and no live check since: kept samples, not searched, notices blocked. Once a
  // live check verified the face, lapsed samples it did not match are just unconfirmed photos.
  const lapsed = samples.some((s) => s.modality === modality && s.verificationLapsed === "predates-live-check");
  const liveChecked = samples.some((s) => s.modality === modality && s.verifiedBy === "live-check" && s.verified);
  if (lapsed && !liveChecked) {
    return {
      enrolled: true,
      verified: false,
      methods: [...new Set(searched.map((s) => enrolmentMethod(s)))],
      noticesBlocked: true,
      restriction: modality === "face" ? REVERIFY_FACE_MESSAGE : REVERIFY_VOICE_MESSAGE,
      reverifyNeeded: true,
    };
  }
  return {
    enrolled: searched.length > 0,
    verified: searched.length > 0 && !unverified,
    methods: [...new Set(searched.map((s) => enrolmentMethod(s)))],
    noticesBlocked: unverified,
    ...(unverified ? { restriction: UNVERIFIED_ENROLMENT_MESSAGE[modality] } : {}),
  };
}

/** How to make a face or voice verified, in the product's words. */
export const HOW_TO_VERIFY: Record<"face" | "voice", string> = {
  face:
    "verify it by enrolling with a server-checked capture: take the three-pose live check in Biometric Training " +
    "(the server checks the frames itself; in zero-knowledge mode it analyses them in memory and keeps none)",
  voice:
    "verify it by taking the live check in Biometric Training and reading aloud the words it shows " +
    "(with zero-knowledge mode off, so the server hears the recording itself), then run a scan to check earlier threats again",
};

export const UNVERIFIED_ENROLMENT_MESSAGE: Record<"face" | "voice", string> = {
  face: `Your face is enrolled but not verified: it was reported by your browser (or not confirmed by the server), so the server cannot tell it is yours, and scans do not search for it until it is verified. Notices under your name need a verified face; ${HOW_TO_VERIFY.face}.`,
  voice: `Your voice is enrolled but not verified: no recording of it said the words of a live check, so the server cannot tell it is yours. Notices under your name need a verified voice; ${HOW_TO_VERIFY.voice}.`,
};

/**
 * What an account whose live check matched a face another account verified is told: only that the
 * check needs review (saying the face is verified elsewhere would tell anyone who holds a photo
 * whether that person has an account). docs/privacy.md, "One face, one account".
 */
export const FACE_HELD_FOR_REVIEW_MESSAGE =
  "Your live check needs review, so your face is not verified yet. Take the live check again in Biometric Training within 7 days; scans do not search for this face, and notices under your name stay blocked until the review confirms the face is yours.";

/** Why a notice resting on a face under review is refused, for either account in the review. */
export const FACE_REVIEW_NOTICE_MESSAGE =
  "A review of your face is open: take the live check again in Biometric Training within 7 days of our message. Until the review ends, no notice goes under your name on a face match.";

/** What the account that verified a face first is told while another account's live check of it is reviewed. */
export const FACE_CHALLENGED_MESSAGE =
  "Your face needs a new live check: take the live check again in Biometric Training within 7 days of our message, or your face loses its verification. Scans still search for your face meanwhile, but notices under your name on face matches are paused until the review ends.";

/**
 * What a person whose face was verified before the live check is told (profile, enrolment screen,
 * a refused notice). Every clause holds: the demotion keeps the samples, drops them from scans and
 * from notices, and one live check re-verifies the kept samples that match it.
 */
export const REVERIFY_FACE_MESSAGE =
  "Verify your face again with the live check. Your face was verified by our earlier capture check, which could be passed with still photos of someone else, so verifications made before the stricter live check no longer count. Your photos are kept, but until you take the live check in Biometric Training (with zero-knowledge mode off), scans do not search for them and no notice can go under your name. One live check verifies your face again, with your earlier photos that match it; then run a scan to check earlier threats again.";

/**
 * What a person whose voice was verified before the live check's spoken phrase is told. Every clause
 * holds: the demotion keeps the recordings, blocks notices on voice matches, and one live check
 * with the phrase said in the same voice verifies the kept recordings of that voice again.
 */
export const REVERIFY_VOICE_MESSAGE =
  "Verify your voice again with the live check. Your voice was verified by a recording alone, which could have been anyone's recording, so voice verifications made before the live check asked you to say words aloud no longer count. Your recordings are kept, but until you take the live check in Biometric Training and read its words aloud (with zero-knowledge mode off), no notice can go under your name on a voice match. One live check verifies your voice again, with your earlier recordings of the same voice; then run a scan to check earlier threats again.";

/** A threat found on a face verified before the live check, its owner verified again since. */
export const RESCAN_AFTER_REVERIFY_MESSAGE =
  "It was found against your face as verified before the live check. Your face is verified again now: run a scan, which matches this again against your live-checked face, and a notice can then go under your name.";
