import { type Identities, identityMatcher } from "../identity-matcher.js";
import type { DecodedImage, RgbImage } from "../media/image.js";
import { faceModel } from "../models/registry.js";
import type { DetectedFace } from "../result.js";
import { FACE_EMBEDDING_MODEL } from "./face-pipeline.js";
import { faceLimits, limitFaceMatch } from "./match-limits.js";
import { faceQuality } from "./quality.js";

/**
 * Faces of one decoded picture with quality and best identity, boxes in the coordinates of the
 * stored image (the analysis copy may be scaled down).
 */
export async function detectFaces(
  pixels: RgbImage,
  scale: number,
  identities: Identities,
  timeSeconds = 0,
): Promise<DetectedFace[]> {
  const raw = await faceModel().predict(pixels);
  const matcher = identityMatcher(identities);
  const faces: DetectedFace[] = [];
  for (const face of raw) {
    const box = {
      x: face.box.x / scale,
      y: face.box.y / scale,
      width: face.box.width / scale,
      height: face.box.height / scale,
    };
    faces.push({
      timeSeconds,
      box,
      landmarks: face.landmarks.map((point) => ({ x: point.x / scale, y: point.y / scale })),
      descriptor: face.descriptor,
      embeddingModel: FACE_EMBEDDING_MODEL,
      quality: faceQuality(face, scale),
      match: limitFaceMatch(await matcher.matchFace(face.descriptor), faceLimits(face, pixels)),
    });
  }
  return faces;
}

export function detectFacesInImage(image: DecodedImage, identities: Identities): Promise<DetectedFace[]> {
  return detectFaces(image.pixels, image.scale, identities);
}
