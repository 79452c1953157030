import { readFile } from "node:fs/promises";
import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import { FacePipeline, type RawFace, SFACE_FILE, YUNET_FILE } from "./face-pipeline.js";

/**
 * The server's face model: YuNet detection with 5 landmarks and SFace embeddings of the aligned
 * crops (face-pipeline.ts), on onnxruntime-node with one intra-op thread. The folded model files
 * come from `npm run setup` (scripts/model-manifest.json). Boxes and landmarks are in the pixel
 * coordinates of the image passed in, largest face first.
 */

export type { Point, RawFace } from "./face-pipeline.js";

export const FACE_MODEL = "face-yunet-sface";

async function modelBytes(file: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await modelFiles().localPath(file)));
}

export class YunetSfaceModel extends Model<RgbImage, RawFace[], FacePipeline> {
  readonly name = FACE_MODEL;

  protected async load(): Promise<FacePipeline> {
    const [yunet, sface] = await Promise.all([modelBytes(YUNET_FILE), modelBytes(SFACE_FILE)]);
    return FacePipeline.create(onnxNodeRuntime, yunet, sface);
  }

  protected run(pipeline: FacePipeline, image: RgbImage): Promise<RawFace[]> {
    return pipeline.faces(image);
  }
}
