import { OnnxGraphBuilder } from "../../runtimes/onnx-graph.js";
import { type NamedTensor, requireTensor } from "./face-api-weights.js";
import { convFilter, outputSize, samePads } from "./tfjs-layout.js";

/**
 * face-api's FaceRecognitionNet (dlib's metric ResNet-34) as an ONNX graph: a 7×7/2 convolution,
 * 3×3/2 max pool, residual blocks at 32, 64, 128 and 256 channels, a global mean and a 256→128
 * projection. Input: [faces × 3 × 150 × 150], normalised as face-crops.ts does; output:
 * [faces × 128], the descriptors.
 *
 * Each conv layer is conv + bias followed by a per-channel affine "scale" layer; the affine is
 * folded into the convolution's weights and bias (same result, one kernel instead of three).
 * A down-sampling block adds its input average-pooled 2×2 and zero-padded to the new channel
 * count; where the strided 3×3 "valid" convolution comes out one row and column smaller than the
 * pool, face-api appends a zero row and column to the convolution's output, and so does this.
 */
export const RECOGNITION_INPUT = "faces";
export const RECOGNITION_OUTPUT = "descriptors";
export const RECOGNITION_INPUT_SIZE = 150;

type Stage = "residual" | "down";

const BLOCKS: [string, Stage][] = [
  ["conv32_1", "residual"],
  ["conv32_2", "residual"],
  ["conv32_3", "residual"],
  ["conv64_down", "down"],
  ["conv64_1", "residual"],
  ["conv64_2", "residual"],
  ["conv64_3", "residual"],
  ["conv128_down", "down"],
  ["conv128_1", "residual"],
  ["conv128_2", "residual"],
  ["conv256_down", "down"],
  ["conv256_1", "residual"],
  ["conv256_2", "residual"],
  ["conv256_down_out", "down"],
];

export function buildRecognitionGraph(weights: Map<string, NamedTensor>): Uint8Array {
  const g = new OnnxGraphBuilder();
  const int64 = (name: string, values: number[]) =>
    g.constant(name, BigInt64Array.from(values.map((v) => BigInt(v))), [values.length]);

  /** conv + bias + scale layer (folded), optionally ReLU; returns the output and its channels. */
  const convLayer = (x: string, prefix: string, stride: number, pads: number[], relu: boolean) => {
    const filter = convFilter(requireTensor(weights, `${prefix}/conv/filters`));
    const bias = requireTensor(weights, `${prefix}/conv/bias`).data;
    const gain = requireTensor(weights, `${prefix}/scale/weights`).data;
    const shift = requireTensor(weights, `${prefix}/scale/biases`).data;
    const [out, cin, kh, kw] = filter.dims as [number, number, number, number];
    const perOutput = cin * kh * kw;
    const folded = new Float32Array(filter.data.length);
    const foldedBias = new Float32Array(out);
    for (let o = 0; o < out; o++) {
      const a = gain[o] as number;
      for (let i = 0; i < perOutput; i++) folded[o * perOutput + i] = (filter.data[o * perOutput + i] as number) * a;
      foldedBias[o] = (bias[o] as number) * a + (shift[o] as number);
    }
    const y = g.node(
      "Conv",
      [x, g.constant(`${prefix}/filters`, folded, filter.dims), g.constant(`${prefix}/bias`, foldedBias, [out])],
      { kernel_shape: [kh, kw], strides: [stride, stride], pads },
    );
    return { y: relu ? g.node("Relu", [y]) : y, channels: out, inputChannels: cin };
  };

  let x = g.input(RECOGNITION_INPUT, ["faces", 3, RECOGNITION_INPUT_SIZE, RECOGNITION_INPUT_SIZE]);
  x = convLayer(x, "conv32_down", 2, [0, 0, 0, 0], true).y;
  let size = outputSize(RECOGNITION_INPUT_SIZE, 7, 2, "valid");
  x = g.node("MaxPool", [x], { kernel_shape: [3, 3], strides: [2, 2] });
  size = outputSize(size, 3, 2, "valid");

  for (const [prefix, stage] of BLOCKS) {
    if (stage === "residual") {
      const first = convLayer(x, `${prefix}/conv1`, 1, samePads(size, 3, 1), true).y;
      const second = convLayer(first, `${prefix}/conv2`, 1, samePads(size, 3, 1), false).y;
      x = g.node("Relu", [g.node("Add", [second, x])]);
      continue;
    }
    const first = convLayer(x, `${prefix}/conv1`, 2, [0, 0, 0, 0], true);
    const convSize = outputSize(size, 3, 2, "valid");
    let residual = convLayer(first.y, `${prefix}/conv2`, 1, samePads(convSize, 3, 1), false).y;
    const poolSize = outputSize(size, 2, 2, "valid");
    let shortcut = g.node("AveragePool", [x], { kernel_shape: [2, 2], strides: [2, 2] });
    if (poolSize !== convSize) {
      const grow = poolSize - convSize;
      residual = g.node("Pad", [residual, int64(`${prefix}/grow`, [0, 0, 0, 0, 0, 0, grow, grow])]);
    }
    if (first.channels !== first.inputChannels) {
      const extra = first.channels - first.inputChannels;
      shortcut = g.node("Pad", [shortcut, int64(`${prefix}/widen`, [0, 0, 0, 0, 0, extra, 0, 0])]);
    }
    x = g.node("Relu", [g.node("Add", [shortcut, residual])]);
    size = poolSize;
  }

  x = g.node("ReduceMean", [x], { axes: [2, 3], keepdims: 0 });
  const fc = requireTensor(weights, "fc");
  g.node("MatMul", [x, g.constant("fc", fc.data, fc.shape)], {}, RECOGNITION_OUTPUT);
  g.output(RECOGNITION_OUTPUT);
  return g.build();
}
