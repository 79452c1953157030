import { Model } from "../../models/model.js";
import { createOnnxSessionFromBytes, float32Tensor, type OnnxSession } from "../../runtimes/onnx.js";
import { MIN_DETECTION_SCORE } from "../face-api-pipeline.js";
import { loadFaceApiWeights, requireTensor } from "./face-api-weights.js";
import { buildSsdGraph, SSD_BOX_ENCODINGS, SSD_CLASS_LOGITS, SSD_INPUT, SSD_INPUT_SIZE } from "./ssd-graph.js";
import { ssdInput } from "./ssd-input.js";
import {
  decodeBoxes,
  faceScores,
  nonMaxSuppression,
  type SsdDecodeOptions,
  type SsdDetection,
  toImageDetections,
} from "./ssd-output.js";

/**
 * face-api's face detector, SSD MobileNet v1 with its bundled weights, on onnxruntime: the same
 * network and numbers as `detectAllFaces(tensor, new SsdMobilenetv1Options({ minConfidence: 0.5 }))`
 * on TensorFlow.js, at a fraction of the CPU (the convolutions run in onnxruntime's kernels).
 */

export type { SsdDetection } from "./ssd-output.js";

export interface RgbPixels {
  /** Interleaved RGB, `height × width × 3` values in 0..255. */
  rgb: Uint8Array | Int32Array;
  width: number;
  height: number;
}

interface LoadedSsd {
  session: OnnxSession;
  /** 'Output/extra_dim': the 5118 anchors as [ymin, xmin, ymax, xmax] of the padded square. */
  anchors: Float32Array;
}

// face-api's defaults beside the pipeline's minimum score: SsdMobilenetv1Options' maxResults
// and the IoU threshold locateFaces hard-codes.
const DECODE: SsdDecodeOptions = { minConfidence: MIN_DETECTION_SCORE, maxResults: 100, iouThreshold: 0.5 };

export class SsdMobilenetV1 extends Model<RgbPixels, SsdDetection[], LoadedSsd> {
  readonly name = "ssd-mobilenet-v1";

  protected async load(): Promise<LoadedSsd> {
    const weights = await loadFaceApiWeights("ssd_mobilenetv1");
    const session = await createOnnxSessionFromBytes(buildSsdGraph(weights));
    return { session, anchors: requireTensor(weights, "Output/extra_dim").data };
  }

  protected async run({ session, anchors }: LoadedSsd, image: RgbPixels): Promise<SsdDetection[]> {
    const input = ssdInput(image.rgb, image.width, image.height, SSD_INPUT_SIZE);
    const outputs = await session.run({
      [SSD_INPUT]: float32Tensor(input.data, [1, 3, SSD_INPUT_SIZE, SSD_INPUT_SIZE]),
    });
    const encodings = outputs[SSD_BOX_ENCODINGS]?.data;
    const logits = outputs[SSD_CLASS_LOGITS]?.data;
    if (!(encodings instanceof Float32Array) || !(logits instanceof Float32Array))
      throw new Error("SSD MobileNet v1: the graph returned no predictions");
    const boxes = decodeBoxes(encodings, anchors);
    const scores = faceScores(logits);
    const kept = nonMaxSuppression(boxes, scores, DECODE);
    return toImageDetections(boxes, scores, kept, {
      width: image.width,
      height: image.height,
      scaledWidth: input.scaledWidth,
      scaledHeight: input.scaledHeight,
      size: SSD_INPUT_SIZE,
    });
  }
}
