import { bestMatch, type EnrolledIdentity, type IdentityMatch } from "../identity.js";
import { cosineDistance } from "../voice/matching.js";
import { faceCalibration } from "./calibration.js";

/**
 * The enrolled identity whose closest face embedding is nearest the probe (cosine distance between
 * SFace embeddings), with a calibrated confidence. Callers pass only embeddings of the current model
 * (FACE_EMBEDDING_MODEL): an identity's older face-api descriptors are re-enrolled, never compared.
 */
export function matchFace(descriptor: Float32Array, enrolled: EnrolledIdentity[]): IdentityMatch | null {
  return bestMatch(descriptor, enrolled, (identity) => identity.face, cosineDistance, faceCalibration);
}
