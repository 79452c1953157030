import { OnnxGraphBuilder } from "../../runtimes/onnx-graph.js";
import { type NamedTensor, requireTensor } from "./face-api-weights.js";
import { convFilter, depthwiseFilter, outputSize, samePads } from "./tfjs-layout.js";

/**
 * face-api's SSD MobileNet v1 up to its raw predictions, as an ONNX graph: the MobileNet v1
 * backbone (mobileNetV1.ts), the extra feature layers and the six box predictors
 * (predictionLayer.ts, boxPredictionLayer.ts). That is all of the network's arithmetic; box
 * decoding, scores and NMS over the 5118 anchors stay in TypeScript (ssd-output.ts).
 *
 * tfjs works in NHWC, ONNX in NCHW: filters are converted by tfjs-layout.ts, and each
 * predictor's output is transposed back to NHWC before the reshape, which keeps face-api's
 * anchor order (row, column, anchor).
 */
export const SSD_INPUT_SIZE = 512;
export const SSD_INPUT = "image";
export const SSD_BOX_ENCODINGS = "box_encodings";
export const SSD_CLASS_LOGITS = "class_logits";

// float32(0.001), the constant in face-api's depthwiseConvLayer.
const BN_EPSILON = { float: 0.0010000000474974513 };
const DOWNSAMPLING_LAYERS = new Set([2, 4, 6, 12]);

interface Feature {
  name: string;
  size: number;
}

export function buildSsdGraph(weights: Map<string, NamedTensor>): Uint8Array {
  const g = new OnnxGraphBuilder();
  const w = (name: string) => requireTensor(weights, name);
  const clipMin = g.constant("relu6_min", Float32Array.of(0), []);
  const clipMax = g.constant("relu6_max", Float32Array.of(6), []);

  const conv = (input: Feature, filterName: string, biasName: string, stride: number): Feature => {
    const filter = w(filterName);
    const kernel = filter.shape[0] as number;
    const oihw = convFilter(filter);
    const bias = w(biasName);
    const name = g.node(
      "Conv",
      [input.name, g.constant(filterName, oihw.data, oihw.dims), g.constant(biasName, bias.data, bias.shape)],
      { kernel_shape: [kernel, kernel], strides: [stride, stride], pads: samePads(input.size, kernel, stride) },
    );
    return { name, size: outputSize(input.size, kernel, stride, "same") };
  };
  const relu6 = (x: Feature): Feature => ({ name: g.node("Clip", [x.name, clipMin, clipMax]), size: x.size });

  // pointwiseConvLayer: conv + batch_norm_offset, ReLU6.
  const pointwise = (x: Feature, prefix: string, stride: number) =>
    relu6(conv(x, `${prefix}/weights`, `${prefix}/convolution_bn_offset`, stride));

  // depthwiseConvLayer: depthwise conv (no bias), batch norm, ReLU6.
  const depthwise = (x: Feature, index: number, stride: number): Feature => {
    const prefix = `MobilenetV1/Conv2d_${index}_depthwise`;
    const filter = w(`${prefix}/depthwise_weights`);
    const channels = filter.shape[2] as number;
    const oihw = depthwiseFilter(filter);
    const param = (name: string) =>
      g.constant(`${prefix}/BatchNorm/${name}`, w(`${prefix}/BatchNorm/${name}`).data, [channels]);
    const convolved = g.node("Conv", [x.name, g.constant(`${prefix}/depthwise_weights`, oihw.data, oihw.dims)], {
      kernel_shape: [3, 3],
      strides: [stride, stride],
      pads: samePads(x.size, 3, stride),
      group: channels,
    });
    const normalised = g.node(
      "BatchNormalization",
      [convolved, param("gamma"), param("beta"), param("moving_mean"), param("moving_variance")],
      { epsilon: BN_EPSILON },
    );
    return relu6({ name: normalised, size: outputSize(x.size, 3, stride, "same") });
  };

  g.input(SSD_INPUT, [1, 3, SSD_INPUT_SIZE, SSD_INPUT_SIZE]);
  let x = pointwise({ name: SSD_INPUT, size: SSD_INPUT_SIZE }, "MobilenetV1/Conv2d_0_pointwise", 2);
  let conv11 = x;
  for (let layer = 1; layer <= 13; layer++) {
    x = depthwise(x, layer, DOWNSAMPLING_LAYERS.has(layer) ? 2 : 1);
    x = pointwise(x, `MobilenetV1/Conv2d_${layer}_pointwise`, 1);
    if (layer === 11) conv11 = x;
  }

  const extra: Feature[] = [];
  let y = x;
  for (let layer = 0; layer < 8; layer++) {
    y = pointwise(y, `Prediction/Conv2d_${layer}_pointwise`, layer % 2 === 1 ? 2 : 1);
    if (layer % 2 === 1) extra.push(y);
  }
  const sources = [conv11, x, ...extra];

  const flatten = (feature: Feature, last: number) => {
    const nhwc = g.node("Transpose", [feature.name], { perm: [0, 2, 3, 1] });
    const shape = g.constant(`rows_of_${last}`, BigInt64Array.of(1n, -1n, BigInt(last)), [3]);
    return g.node("Reshape", [nhwc, shape]);
  };
  const predict = (kind: string, last: number) =>
    sources.map((source, index) => {
      const prefix = `Prediction/BoxPredictor_${index}/${kind}`;
      return flatten(conv(source, `${prefix}/weights`, `${prefix}/biases`, 1), last);
    });
  g.node("Concat", predict("BoxEncodingPredictor", 4), { axis: 1 }, SSD_BOX_ENCODINGS);
  g.node("Concat", predict("ClassPredictor", 3), { axis: 1 }, SSD_CLASS_LOGITS);
  g.output(SSD_BOX_ENCODINGS);
  g.output(SSD_CLASS_LOGITS);
  return g.build();
}
