import { bestMatch, type EnrolledIdentity, euclideanDistance, type IdentityMatch } from "../identity.js";
import { faceCalibration } from "./calibration.js";

/** The enrolled identity whose closest face descriptor is nearest the probe, with a calibrated confidence. */
export function matchFace(descriptor: Float32Array, enrolled: EnrolledIdentity[]): IdentityMatch | null {
  return bestMatch(descriptor, enrolled, (identity) => identity.face, euclideanDistance, faceCalibration);
}
