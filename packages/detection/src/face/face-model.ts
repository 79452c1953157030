import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { getModel, registerModel } from "../models/registry.js";
import { largestFirst, type RawFace } from "./face-api-pipeline.js";
import { createFaceDescriber, type FaceDescriber } from "./onnx/face-describer.js";
import { SsdMobilenetV1 } from "./onnx/ssd-mobilenet.js";

/**
 * Face detection (SSD MobileNet v1), 68 landmarks and 128-d descriptors (the dlib ResNet-34
 * metric network, 99.38% on LFW) with face-api's bundled weights, run on onnxruntime: the same
 * networks and numbers as face-api on TensorFlow.js (parity-tested; the browser keeps face-api
 * itself), at about a quarter of the CPU. Boxes and landmarks are in the pixel coordinates of
 * the image passed in, largest face first.
 */

export type { Point, RawFace } from "./face-api-pipeline.js";

interface LoadedFaceNets {
  detector: SsdMobilenetV1;
  describe: FaceDescriber;
}

class FaceNetsModel extends Model<RgbImage, RawFace[], LoadedFaceNets> {
  readonly name = "face-api";

  protected async load(): Promise<LoadedFaceNets> {
    const detector = new SsdMobilenetV1();
    const [describe] = await Promise.all([createFaceDescriber(), detector.ready()]);
    return { detector, describe };
  }

  protected async run({ detector, describe }: LoadedFaceNets, image: RgbImage): Promise<RawFace[]> {
    const detections = await detector.predict({ rgb: image.data, width: image.width, height: image.height });
    return largestFirst(await describe(image.data, image.width, image.height, detections));
  }
}

registerModel("face-api", () => new FaceNetsModel());

export function faceModel(): Model<RgbImage, RawFace[]> {
  return getModel<RgbImage, RawFace[]>("face-api");
}
