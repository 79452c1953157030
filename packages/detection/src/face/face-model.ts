import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { getModel, registerModel } from "../models/registry.js";
import { type FaceApiModule, faceApiModelDir, loadFaceApiOnWasm } from "../runtimes/tfjs-wasm.js";
import { FACE_API_NETS, type RawFace, runFaceApi } from "./face-api-pipeline.js";

/**
 * Face detection (SSD MobileNet v1), 68 landmarks and 128-d descriptors (the dlib ResNet-34
 * metric network, 99.38% on LFW) from face-api's bundled weights. Boxes and landmarks are in the
 * pixel coordinates of the image passed in.
 */

export type { Point, RawFace } from "./face-api-pipeline.js";

class FaceApiModel extends Model<RgbImage, RawFace[], FaceApiModule> {
  readonly name = "face-api";

  protected async load(): Promise<FaceApiModule> {
    const faceapi = await loadFaceApiOnWasm();
    const dir = faceApiModelDir();
    for (const net of FACE_API_NETS) await faceapi.nets[net].loadFromDisk(dir);
    return faceapi;
  }

  protected async run(faceapi: FaceApiModule, image: RgbImage): Promise<RawFace[]> {
    return runFaceApi(faceapi, image.data, image.width, image.height);
  }
}

registerModel("face-api", () => new FaceApiModel());

export function faceModel(): Model<RgbImage, RawFace[]> {
  return getModel<RgbImage, RawFace[]>("face-api");
}
