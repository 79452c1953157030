import type { Box } from "../../result.js";
import { OnnxGraphBuilder } from "../../runtimes/onnx-graph.js";
import type { Point } from "../face-api-pipeline.js";
import { type NamedTensor, requireTensor } from "./face-api-weights.js";
import type { PixelRect } from "./face-crops.js";
import { convFilter, depthwiseFilter, outputSize, samePads } from "./tfjs-layout.js";

/**
 * face-api's FaceLandmark68Net as an ONNX graph: four dense blocks of depthwise-separable
 * convolutions (each block's layers add up all earlier outputs of the block), a 7×7 average pool
 * and one fully connected layer giving 68 (x, y) pairs relative to the padded 112×112 input.
 * Input: [faces × 3 × 112 × 112], normalised as face-crops.ts does; output: [faces × 136].
 */
export const LANDMARK_INPUT = "faces";
export const LANDMARK_OUTPUT = "landmarks";
export const LANDMARK_INPUT_SIZE = 112;

export function buildLandmarkGraph(weights: Map<string, NamedTensor>): Uint8Array {
  const g = new OnnxGraphBuilder();
  const tensor = (name: string) => requireTensor(weights, name);
  const constant = (name: string, data: Float32Array, dims: number[]) => g.constant(name, data, dims);
  const bias = (name: string) => {
    const t = tensor(name);
    return constant(name, t.data, t.shape);
  };

  const separable = (x: string, prefix: string, size: number, stride: number) => {
    const depthwise = depthwiseFilter(tensor(`${prefix}/depthwise_filter`));
    const pointwise = convFilter(tensor(`${prefix}/pointwise_filter`));
    const channels = depthwise.dims[0] as number;
    const spread = g.node("Conv", [x, constant(`${prefix}/depthwise_filter`, depthwise.data, depthwise.dims)], {
      kernel_shape: [3, 3],
      strides: [stride, stride],
      pads: samePads(size, 3, stride),
      group: channels,
    });
    return g.node(
      "Conv",
      [spread, constant(`${prefix}/pointwise_filter`, pointwise.data, pointwise.dims), bias(`${prefix}/bias`)],
      { kernel_shape: [1, 1] },
    );
  };

  let x = g.input(LANDMARK_INPUT, ["faces", 3, LANDMARK_INPUT_SIZE, LANDMARK_INPUT_SIZE]);
  let size = LANDMARK_INPUT_SIZE;
  for (const [index, block] of ["dense0", "dense1", "dense2", "dense3"].entries()) {
    let first: string;
    if (index === 0) {
      const filter = convFilter(tensor(`${block}/conv0/filters`));
      first = g.node(
        "Conv",
        [x, constant(`${block}/conv0/filters`, filter.data, filter.dims), bias(`${block}/conv0/bias`)],
        { kernel_shape: [3, 3], strides: [2, 2], pads: samePads(size, 3, 2) },
      );
    } else first = separable(x, `${block}/conv0`, size, 2);
    size = outputSize(size, 3, 2, "same");
    const outputs = [g.node("Relu", [first])];
    for (const layer of ["conv1", "conv2", "conv3"]) {
      const input = outputs.length === 1 ? (outputs[0] as string) : g.node("Relu", [sum(g, outputs)]);
      outputs.push(separable(input, `${block}/${layer}`, size, 1));
    }
    x = g.node("Relu", [sum(g, outputs)]);
  }
  x = g.node("AveragePool", [x], { kernel_shape: [7, 7], strides: [2, 2] });
  x = g.node("Flatten", [x], { axis: 1 });
  const fc = tensor("fc/weights");
  x = g.node("MatMul", [x, constant("fc/weights", fc.data, fc.shape)]);
  g.node("Add", [x, bias("fc/bias")], {}, LANDMARK_OUTPUT);
  g.output(LANDMARK_OUTPUT);
  return g.build();
}

function sum(g: OnnxGraphBuilder, terms: string[]): string {
  return terms.slice(1).reduce((total, term) => g.node("Add", [total, term]), terms[0] as string);
}

/**
 * One face's 136 outputs as 68 points in image pixels (FaceLandmark68NetBase.postProcess, then
 * FaceLandmarks scaled to the crop and shifted by the detection box). face-api shifts by the
 * detection's own corner, not the floored crop's, so the same is done here.
 */
export function landmarksInImage(output: ArrayLike<number>, crop: PixelRect, detection: Box): Point[] {
  const scale = LANDMARK_INPUT_SIZE / Math.max(crop.width, crop.height);
  const width = crop.width * scale;
  const height = crop.height * scale;
  const padX = width < height ? Math.abs(width - height) / 2 : 0;
  const padY = height < width ? Math.abs(width - height) / 2 : 0;
  const points: Point[] = [];
  for (let i = 0; i < 68; i++) {
    const rx = ((output[2 * i] as number) * LANDMARK_INPUT_SIZE - padX) / width;
    const ry = ((output[2 * i + 1] as number) * LANDMARK_INPUT_SIZE - padY) / height;
    points.push({ x: rx * crop.width + detection.x, y: ry * crop.height + detection.y });
  }
  return points;
}
