import type { Profile } from "../../api/types";

/**
 * What a scan of this person looks for, as the server reports it (`likenessEnrolment.*.enrolled`
 * counts only searched samples). An uploaded photo is stored but not searched until the live poses
 * verify it (packages/domain/src/biometrics/enrolment-verification.ts), so "a face is stored" and
 * "the face is searched" differ, and the person is told which.
 */
export function searchedLikeness(profile: Profile): { face: boolean; voice: boolean } {
  return {
    face: profile.likenessEnrolment?.face.enrolled ?? profile.faceVerified,
    voice: profile.likenessEnrolment?.voice.enrolled ?? profile.voiceEnrolled,
  };
}

/** Why the face is not searched, in the words the onboarding shows; null when it is. */
export function faceNotSearchedReason(profile: Profile): string | null {
  if (searchedLikeness(profile).face) return null;
  return profile.faceEnrolled
    ? "your uploaded photo is not searched until you verify it with the three live poses (anyone can upload anyone's photo)"
    : "no face is enrolled";
}

/** "your face and voice", "your voice", ...: the modalities a scan searched for, for its outcome. */
export function searchedPhrase(profile: Profile): string {
  const { face, voice } = searchedLikeness(profile);
  if (face && voice) return "your face and voice";
  return face ? "your face" : "your voice";
}
