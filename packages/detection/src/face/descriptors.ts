import { decodeImage } from "../media/image.js";
import { type MediaLimits, resolveLimits } from "../media/limits.js";
import type { DetectedFace } from "../result.js";
import { detectFacesInImage } from "./detect-faces.js";

/** Every face in an image with its 128-d descriptor, largest face first (the face model's order). */
export async function faceDescriptors(bytes: Uint8Array, limits?: Partial<MediaLimits>): Promise<DetectedFace[]> {
  const resolved = resolveLimits(limits);
  const image = await decodeImage(bytes, resolved, resolved.analysisMaxSide);
  return detectFacesInImage(image, []);
}
