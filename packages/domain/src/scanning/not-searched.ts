import { isCurrentEmbedding } from "../biometrics/embedding-models.js";
import { searchedInScans } from "../biometrics/enrolment-verification.js";
import { isExpired } from "../biometrics/retention.js";
import type { BiometricSampleRecord } from "../records.js";

/**
 * Why a scan searched for no face although the person has one stored: said in the scan's outcome,
 * so "no face matches" is never read as covering a face the scan did not look for. A face is
 * searched only once a live check has proven it the account holder's (enrolment-verification.ts).
 */
export interface NotSearched {
  face?: string;
}

const LIVE_CHECK = "take the live check in Biometric Training to have it searched";

export function likenessNotSearched(samples: readonly BiometricSampleRecord[], now: Date): NotSearched {
  const faces = samples.filter((s) => s.modality === "face" && !isExpired(s, now) && isCurrentEmbedding(s));
  if (faces.length === 0 || faces.some((s) => searchedInScans(s))) return {};
  const has = (predicate: (s: BiometricSampleRecord) => boolean) => faces.some(predicate);
  if (has((s) => s.reviewStatus === "pending")) {
    return { face: "Your face was not searched: your live check is held for review, and scans wait for its outcome." };
  }
  if (has((s) => s.verificationLapsed !== undefined)) {
    return {
      face: `Your face was not searched: it was verified by an earlier check that still photos could pass, so ${LIVE_CHECK}.`,
    };
  }
  if (has((s) => s.source === "zero-knowledge")) {
    return {
      face: `Your face was not searched: it was reported by your browser, and no live check has proven it is yours yet; ${LIVE_CHECK}.`,
    };
  }
  return {
    face: `Your face was not searched: uploaded photos are searched only once a live check proves the face is yours (anyone can upload anyone's photo); ${LIVE_CHECK}.`,
  };
}
