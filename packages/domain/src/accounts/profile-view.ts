import { faceRecaptureNeeded, isCurrentEmbedding } from "../biometrics/embedding-models.js";
import { isServerVerified, modalityEnrolment } from "../biometrics/enrolment-verification.js";
import { DEFAULT_DATA_EXPIRY_DAYS, daysUntilFirstExpiry } from "../biometrics/retention.js";
import type { BiometricSampleRecord, UserProfileRecord } from "../records.js";
import { scanCategoriesOf } from "./scan-categories.js";

/** Defaults the spec gives for unset settings (section 3). */
export const NOTIFICATION_DEFAULTS = {
  email: true,
  push: true,
  sms: false,
  frequency: "immediate" as const,
  sensitivity: "high" as const,
};

/**
 * The spec's defaults, with the channels following what the account has: an account signed up by
 * phone has no email address, so email would reach no one and its alerts default to text messages.
 */
export function notificationDefaultsFor(profile: Pick<UserProfileRecord, "email" | "phone">) {
  const hasEmail = Boolean(profile.email);
  return { ...NOTIFICATION_DEFAULTS, email: hasEmail, sms: !hasEmail && Boolean(profile.phone) };
}

/** The stored notification settings over the account's defaults: what alerts are planned from. */
export const notificationSettingsOf = (
  profile: Pick<UserProfileRecord, "email" | "phone" | "notificationSettings">,
) => ({
  ...notificationDefaultsFor(profile),
  ...profile.notificationSettings,
});
export const PRIVACY_DEFAULTS = { zeroKnowledge: false, anonymousAnalytics: true, legalReportSharing: false };

const embeddingPath = (samples: BiometricSampleRecord[], modality: "face" | "voice") => {
  const latest = samples
    .filter((s) => s.modality === modality && s.encryptedEmbedding && s.encryptedDataKey)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return latest ? `biometric/${latest.personId}/${modality}/${latest.sampleId}` : "";
};

/**
 * How each modality scans search for was enrolled and whether the server verified it; where an
 * unverified sample is searched, what that withholds (notices under the person's name) and how to verify.
 */
const likenessEnrolment = (samples: BiometricSampleRecord[]) => ({
  face: modalityEnrolment(samples, "face"),
  voice: modalityEnrolment(samples, "voice"),
});

/** GET /api/profile: stored fields, spec defaults, and enrolment state read from real samples. */
export function profileView(profile: UserProfileRecord, activeSamples: BiometricSampleRecord[], now: Date) {
  const { username: _username, ...fields } = profile;
  const faces = activeSamples.filter((s) => s.modality === "face");
  const expiresIn = daysUntilFirstExpiry(activeSamples, now);
  return {
    ...fields,
    // Each kind of place reads as on exactly when a chosen platform of that kind is scanned.
    scanPreferences: scanCategoriesOf(profile.platforms),
    notificationSettings: notificationSettingsOf(profile),
    privacySettings: { ...PRIVACY_DEFAULTS, ...profile.privacySettings },
    alertSensitivity:
      (profile.notificationSettings.sensitivity as string | undefined) ?? NOTIFICATION_DEFAULTS.sensitivity,
    dataExpiryDays: profile.dataExpiryDays ?? DEFAULT_DATA_EXPIRY_DAYS,
    ...(expiresIn !== undefined ? { dataExpiresInDays: expiresIn } : {}),
    faceEnrolled: faces.length > 0,
    // Verified means the server checked it itself: a client-reported face never is (enrolment-verification.ts).
    // A face of an older model is not searched by scans, so it cannot make the face count as protected.
    faceVerified: faces.some((s) => isServerVerified(s) && isCurrentEmbedding(s)),
    voiceVerified: activeSamples.some((s) => s.modality === "voice" && isServerVerified(s)),
    likenessEnrolment: likenessEnrolment(activeSamples),
    // Enrolled with a face model scans no longer use, and nothing to recompute from: capture again.
    faceRecaptureNeeded: faceRecaptureNeeded(activeSamples),
    voiceEnrolled: activeSamples.some((s) => s.modality === "voice"),
    faceEmbeddingPath: embeddingPath(activeSamples, "face"),
    voiceEmbeddingPath: embeddingPath(activeSamples, "voice"),
  };
}
export type ProfileView = ReturnType<typeof profileView>;
