import type { EnrolledIdentity } from "../identity.js";
import type { DecodedImage, RgbImage } from "../media/image.js";
import type { DetectedFace } from "../result.js";
import { faceModel } from "./face-model.js";
import { FACE_EMBEDDING_MODEL } from "./face-pipeline.js";
import { matchFace } from "./match.js";
import { faceQuality } from "./quality.js";

/**
 * Faces of one decoded picture with quality and best identity, boxes in the coordinates of the
 * stored image (the analysis copy may be scaled down).
 */
export async function detectFaces(
  pixels: RgbImage,
  scale: number,
  enrolled: EnrolledIdentity[],
  timeSeconds = 0,
): Promise<DetectedFace[]> {
  const raw = await faceModel().predict(pixels);
  return raw.map((face) => {
    const box = {
      x: face.box.x / scale,
      y: face.box.y / scale,
      width: face.box.width / scale,
      height: face.box.height / scale,
    };
    return {
      timeSeconds,
      box,
      landmarks: face.landmarks.map((point) => ({ x: point.x / scale, y: point.y / scale })),
      descriptor: face.descriptor,
      embeddingModel: FACE_EMBEDDING_MODEL,
      quality: faceQuality(face, scale),
      match: matchFace(face.descriptor, enrolled),
    };
  });
}

export function detectFacesInImage(image: DecodedImage, enrolled: EnrolledIdentity[]): Promise<DetectedFace[]> {
  return detectFaces(image.pixels, image.scale, enrolled);
}
