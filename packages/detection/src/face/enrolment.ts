import { decodeImage } from "../media/image.js";
import { type MediaLimits, resolveLimits } from "../media/limits.js";
import type { DetectedFace } from "../result.js";
import { detectFacesInImage } from "./detect-faces.js";

/**
 * Gates an enrolment photo must pass so its descriptor is a good reference: exactly one face,
 * big enough, sharp enough and near-frontal. Each failed gate gives a reason a person can act on.
 */

export interface EnrolmentGates {
  /** Shorter side of the face box in the stored image, pixels. */
  minFaceSizePx: number;
  /** Laplacian variance of the 128×128 face crop. */
  minSharpness: number;
  maxAbsYawDegrees: number;
}

export const defaultEnrolmentGates: EnrolmentGates = {
  minFaceSizePx: 80,
  minSharpness: 60,
  maxAbsYawDegrees: 30,
};

export interface EnrolmentInspection {
  accepted: boolean;
  reasons: string[];
  faces: DetectedFace[];
  /** The descriptor to enrol when accepted. */
  descriptor: Float32Array | null;
}

export async function inspectImageForEnrolment(
  bytes: Uint8Array,
  options: { gates?: Partial<EnrolmentGates>; limits?: Partial<MediaLimits> } = {},
): Promise<EnrolmentInspection> {
  const gates = { ...defaultEnrolmentGates, ...options.gates };
  const limits = resolveLimits(options.limits);
  const image = await decodeImage(bytes, limits, limits.analysisMaxSide);
  const faces = await detectFacesInImage(image, []);
  const reasons: string[] = [];
  if (faces.length === 0) reasons.push("no face found");
  if (faces.length > 1) reasons.push("more than one face");
  const face = faces.length === 1 ? faces[0] : undefined;
  if (face) {
    const { sizePx, sharpness, yawDegrees } = face.quality;
    if (sizePx < gates.minFaceSizePx)
      reasons.push(`face too small (${Math.round(sizePx)} px; at least ${gates.minFaceSizePx} px)`);
    if (sharpness < gates.minSharpness) reasons.push("photo too blurred");
    if (!Number.isFinite(yawDegrees) || Math.abs(yawDegrees) > gates.maxAbsYawDegrees) {
      reasons.push(`face turned too far (about ${Math.round(Math.abs(yawDegrees))}°; look at the camera)`);
    }
  }
  const accepted = reasons.length === 0;
  return { accepted, reasons, faces, descriptor: accepted && face ? face.descriptor : null };
}
