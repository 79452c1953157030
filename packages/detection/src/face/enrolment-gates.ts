import type { FaceQuality } from "../result.js";

/**
 * Gates an enrolment photo must pass so its descriptor is a good reference: exactly one face,
 * big enough, sharp enough and near-frontal. Each failed gate gives a reason a person can act on.
 * Pure numbers, so the browser build (zero-knowledge enrolment) applies the very same limits.
 */

export interface EnrolmentGates {
  /** Shorter side of the face box in the stored image, pixels. */
  minFaceSizePx: number;
  /** Laplacian variance of the landmark-aligned 112×112 face crop (the pixels the embedder sees). */
  minSharpness: number;
  maxAbsYawDegrees: number;
}

/**
 * Re-derived for YuNet + SFace on the 61 face photos of ../shared/data, against the face-api gates
 * they replace (80 px, 60, 30°): YuNet's boxes are as large as SSD's (median ratio 1.02), so the
 * size gate stays; sharpness on the aligned crop reads 1.21× the old box crop's (median), so 60
 * becomes 73; yaw from the 5 landmarks agrees with the 68-point estimate (median |difference| 2.6°).
 */
export const defaultEnrolmentGates: EnrolmentGates = {
  minFaceSizePx: 80,
  minSharpness: 73,
  maxAbsYawDegrees: 30,
};

/**
 * The gates for one pose of the live capture. A turned pose lifts the frontal-only yaw gate: the
 * pose rules (front, left, right) judge the turn instead.
 */
export function enrolmentGatesFor(pose: "frontal" | "turned"): EnrolmentGates {
  return pose === "turned" ? { ...defaultEnrolmentGates, maxAbsYawDegrees: 90 } : defaultEnrolmentGates;
}

/**
 * The gates on numbers alone, so a face analysed elsewhere (zero-knowledge enrolment in the
 * person's browser) is held to the same limits. `quality` is the largest face's.
 */
export function enrolmentGateReasons(
  faceCount: number,
  quality: FaceQuality | undefined,
  gates: EnrolmentGates = defaultEnrolmentGates,
): string[] {
  const reasons: string[] = [];
  if (faceCount === 0) reasons.push("no face found");
  if (faceCount > 1) reasons.push("more than one face");
  if (faceCount === 1 && quality) {
    const { sizePx, sharpness, yawDegrees } = quality;
    if (sizePx < gates.minFaceSizePx)
      reasons.push(`face too small (${Math.round(sizePx)} px; at least ${gates.minFaceSizePx} px)`);
    if (sharpness < gates.minSharpness) reasons.push("photo too blurred");
    if (!Number.isFinite(yawDegrees) || Math.abs(yawDegrees) > gates.maxAbsYawDegrees) {
      reasons.push(`face turned too far (about ${Math.round(Math.abs(yawDegrees))}°; look at the camera)`);
    }
  }
  return reasons;
}
