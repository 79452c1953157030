import { type DecodedImage, decodeImage } from "../media/image.js";
import { type MediaLimits, resolveLimits } from "../media/limits.js";
import type { DetectedFace } from "../result.js";
import { detectFacesInImage } from "./detect-faces.js";
import { defaultEnrolmentGates, type EnrolmentGates, enrolmentGateReasons } from "./enrolment-gates.js";

export {
  defaultEnrolmentGates,
  type EnrolmentGates,
  enrolmentGateReasons,
  enrolmentGatesFor,
} from "./enrolment-gates.js";

export interface EnrolmentInspection {
  accepted: boolean;
  reasons: string[];
  faces: DetectedFace[];
  /** The descriptor to enrol when accepted. */
  descriptor: Float32Array | null;
}

/** Decodes a photo, finds its faces and applies the enrolment gates (enrolment-gates.ts). */
export async function inspectImageForEnrolment(
  bytes: Uint8Array,
  options: { gates?: Partial<EnrolmentGates>; limits?: Partial<MediaLimits> } = {},
): Promise<EnrolmentInspection> {
  const limits = resolveLimits(options.limits);
  return inspectDecoded(await decodeImage(bytes, limits, limits.analysisMaxSide), options.gates);
}

/** The gates on a photo already decoded for analysis. */
export async function inspectDecoded(image: DecodedImage, gateOptions?: Partial<EnrolmentGates>) {
  const gates = { ...defaultEnrolmentGates, ...gateOptions };
  const faces = await detectFacesInImage(image, []);
  const reasons = enrolmentGateReasons(faces.length, faces[0]?.quality, gates);
  const face = faces.length === 1 ? faces[0] : undefined;
  const accepted = reasons.length === 0;
  return { accepted, reasons, faces, descriptor: accepted && face ? face.descriptor : null };
}
