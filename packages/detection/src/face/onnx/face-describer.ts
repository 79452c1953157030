import type { Box } from "../../result.js";
import { createOnnxSessionFromBytes, float32Tensor, type OnnxSession, runOnnx } from "../../runtimes/onnx.js";
import type { RawFace } from "../face-api-pipeline.js";
import { loadFaceApiWeights } from "./face-api-weights.js";
import { cropBatch, detectionCrop, dlibAlignedCrop, type PixelRect } from "./face-crops.js";
import {
  buildLandmarkGraph,
  LANDMARK_INPUT,
  LANDMARK_INPUT_SIZE,
  LANDMARK_OUTPUT,
  landmarksInImage,
} from "./landmark-net.js";
import {
  buildRecognitionGraph,
  RECOGNITION_INPUT,
  RECOGNITION_INPUT_SIZE,
  RECOGNITION_OUTPUT,
} from "./recognition-net.js";

/**
 * What face-api computes for each detected face (withFaceLandmarks().withFaceDescriptors()),
 * on onnxruntime: 68 landmarks from the detection crop, then the 128-d descriptor from the
 * landmark-aligned crop. All faces of one picture go through each network in one batch.
 * Creating the describer builds both graphs from face-api's weights and opens the sessions
 * (the load); the function it returns only runs them.
 */

export interface Detection {
  box: Box;
  score: number;
}

export type FaceDescriber = (
  rgb: Uint8Array | Int32Array,
  width: number,
  height: number,
  detections: Detection[],
) => Promise<RawFace[]>;

/** One of the two networks with its input's name and side, run on one picture's crops at once. */
interface FaceNet {
  session: OnnxSession;
  input: string;
  output: string;
  size: number;
}

async function openNet(graph: Uint8Array, input: string, output: string, size: number): Promise<FaceNet> {
  return { session: await createOnnxSessionFromBytes(graph), input, output, size };
}

/**
 * Batching a picture's faces saves about a fifth of the CPU per face up to ~8 faces and nothing
 * beyond, while onnxruntime's arena keeps the largest batch's activations; a crowd goes in
 * batches of this many.
 */
const MAX_BATCH = 8;

/** The network's outputs for every crop, one row per crop, in order. */
async function runOnCrops(
  net: FaceNet,
  rgb: Uint8Array | Int32Array,
  width: number,
  crops: PixelRect[],
): Promise<Float32Array[]> {
  const rows: Float32Array[] = [];
  for (let start = 0; start < crops.length; start += MAX_BATCH) {
    const chunk = crops.slice(start, start + MAX_BATCH);
    const batch = float32Tensor(cropBatch(rgb, width, chunk, net.size), [chunk.length, 3, net.size, net.size]);
    const tensor = (await runOnnx(net.session, { [net.input]: batch }))[net.output];
    if (!tensor) throw new Error(`The face network returned no ${net.output}`);
    const data = tensor.data as Float32Array;
    const perCrop = data.length / chunk.length;
    for (let i = 0; i < chunk.length; i++) rows.push(data.slice(i * perCrop, (i + 1) * perCrop));
  }
  return rows;
}

export async function createFaceDescriber(): Promise<FaceDescriber> {
  const [landmarkWeights, recognitionWeights] = await Promise.all([
    loadFaceApiWeights("face_landmark_68"),
    loadFaceApiWeights("face_recognition"),
  ]);
  const [landmarkNet, recognitionNet] = await Promise.all([
    openNet(buildLandmarkGraph(landmarkWeights), LANDMARK_INPUT, LANDMARK_OUTPUT, LANDMARK_INPUT_SIZE),
    openNet(buildRecognitionGraph(recognitionWeights), RECOGNITION_INPUT, RECOGNITION_OUTPUT, RECOGNITION_INPUT_SIZE),
  ]);

  return async (rgb, width, height, detections) => {
    if (rgb.length !== width * height * 3)
      throw new Error(`Expected ${width}×${height}×3 RGB values, got ${rgb.length}`);
    // A detection wholly outside the picture has no pixels to describe (face-api filters it out as well).
    const located = detections.flatMap((detection) => {
      const crop = detectionCrop(detection.box, width, height);
      return crop ? [{ detection, crop }] : [];
    });
    if (located.length === 0) return [];

    const landmarkOut = await runOnCrops(
      landmarkNet,
      rgb,
      width,
      located.map((face) => face.crop),
    );
    const aligned = located.flatMap(({ detection, crop }, index) => {
      const landmarks = landmarksInImage(landmarkOut[index] as Float32Array, crop, detection.box);
      const alignedCrop = dlibAlignedCrop(landmarks, crop, width, height);
      return alignedCrop ? [{ detection, landmarks, alignedCrop }] : [];
    });
    if (aligned.length === 0) return [];

    const descriptors = await runOnCrops(
      recognitionNet,
      rgb,
      width,
      aligned.map((face) => face.alignedCrop),
    );
    return aligned.map(({ detection, landmarks }, index) => ({
      box: { ...detection.box },
      score: detection.score,
      landmarks,
      descriptor: descriptors[index] as Float32Array,
    }));
  };
}
