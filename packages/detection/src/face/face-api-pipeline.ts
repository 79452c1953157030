import type * as FaceApi from "@vladmandic/face-api";
import type { Box } from "../result.js";

/**
 * The face-api pipeline: SSD MobileNet v1 detection, 68 landmarks, 128-d dlib ResNet descriptors.
 * The browser runs it on face-api itself (browser.ts); Node runs the same networks with the same
 * weights on onnxruntime (face-model.ts, face/onnx/), parity-tested against this call, so a
 * descriptor enrolled in a browser and one computed in Lambda stay comparable.
 */

export interface Point {
  x: number;
  y: number;
}

export interface RawFace {
  box: Box;
  score: number;
  landmarks: Point[];
  descriptor: Float32Array;
}

/** Below this SSD score detections are mostly background; face-api's own default is 0.5. */
export const MIN_DETECTION_SCORE = 0.5;

/** The three networks the pipeline needs; the other bundled models are never loaded. */
export const FACE_API_NETS = ["ssdMobilenetv1", "faceLandmark68Net", "faceRecognitionNet"] as const;

/** Either build of face-api: the node-wasm one or the browser ESM one share this API. */
export type FaceApiLike = typeof FaceApi;

/** Largest face first: enrolment takes the first face, and a picture's subject is usually its largest. */
export function largestFirst<T extends { box: Box }>(faces: T[]): T[] {
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** Faces in an RGB image of `height × width × 3` values, in that image's pixel coordinates, largest first. */
export async function runFaceApi(
  faceapi: FaceApiLike,
  rgb: Int32Array | Uint8Array,
  width: number,
  height: number,
): Promise<RawFace[]> {
  const tensor = faceapi.tf.tensor3d(rgb, [height, width, 3], "int32");
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_DETECTION_SCORE });
    const results = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    return largestFirst(
      results.map((result) => ({
        box: {
          x: result.detection.box.x,
          y: result.detection.box.y,
          width: result.detection.box.width,
          height: result.detection.box.height,
        },
        score: result.detection.score,
        landmarks: result.landmarks.positions.map((point) => ({ x: point.x, y: point.y })),
        descriptor: result.descriptor,
      })),
    );
  } finally {
    tensor.dispose();
  }
}
