import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { getModel, registerModel } from "../models/registry.js";
import type { Box } from "../result.js";
import { type FaceApiModule, faceApiModelDir, loadFaceApiOnWasm } from "../runtimes/tfjs-wasm.js";

/**
 * Face detection (SSD MobileNet v1), 68 landmarks and 128-d descriptors (the dlib ResNet-34
 * metric network, 99.38% on LFW) from face-api's bundled weights. Boxes and landmarks are in the
 * pixel coordinates of the image passed in.
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
const MIN_DETECTION_SCORE = 0.5;

class FaceApiModel extends Model<RgbImage, RawFace[], FaceApiModule> {
  readonly name = "face-api";

  protected async load(): Promise<FaceApiModule> {
    const faceapi = await loadFaceApiOnWasm();
    const dir = faceApiModelDir();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(dir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(dir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(dir);
    return faceapi;
  }

  protected async run(faceapi: FaceApiModule, image: RgbImage): Promise<RawFace[]> {
    const tensor = faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], "int32");
    try {
      const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_DETECTION_SCORE });
      const results = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
      return results.map((result) => ({
        box: {
          x: result.detection.box.x,
          y: result.detection.box.y,
          width: result.detection.box.width,
          height: result.detection.box.height,
        },
        score: result.detection.score,
        landmarks: result.landmarks.positions.map((point) => ({ x: point.x, y: point.y })),
        descriptor: result.descriptor,
      }));
    } finally {
      tensor.dispose();
    }
  }
}

registerModel("face-api", () => new FaceApiModel());

export function faceModel(): Model<RgbImage, RawFace[]> {
  return getModel<RgbImage, RawFace[]>("face-api");
}
