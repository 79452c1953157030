import { MESONET_INPUT, MESONET_OUTPUT, MESONET_SIZE, type MesoNetVariant } from "../src/faceswap/mesonet-input.js";
import { OnnxGraphBuilder } from "../src/runtimes/onnx-graph.js";
import { type KerasWeights, kerasWeight } from "./mesonet-weights.js";

/**
 * MesoNet (Afchar et al., "MesoNet: a Compact Facial Video Forgery Detection Network", WIFS 2018)
 * as an ONNX graph (built once by `npm run setup`: mesonet/<file>.onnx), layer for layer as DariusAf/MesoNet's classifiers.py defines Meso4
 * and MesoInception4: convolutions with ReLU, then batch normalisation (after the ReLU, so it is
 * folded into one per-channel scale and shift, not into the convolution), max pooling, and a dense
 * head (Dense 16, LeakyReLU 0.1, Dense 1, sigmoid); dropout is inactive at inference.
 * Input: crops [N × 3 × 256 × 256], RGB scaled to [0, 1]; output: the network's sigmoid
 * [N × 1], which for these weights is p(real) (the repo trains with Keras' flow_from_directory,
 * whose alphabetical classes make "df" 0 and "real" 1).
 */

/** Keras BatchNormalization's default epsilon, which the published models kept. */
const BN_EPSILON = 1e-3;
const LEAKY_ALPHA = 0.1;

class KerasToOnnx {
  private count = 0;
  constructor(
    readonly g: OnnxGraphBuilder,
    readonly weights: KerasWeights,
  ) {}

  private unique(name: string): string {
    return `${name}_${this.count++}`;
  }

  /** Keras Conv2D, padding "same", stride 1, with ReLU: its kernel [kh, kw, in, out] as ONNX [out, in, kh, kw]. */
  conv(x: string, layer: string, inChannels: number, outChannels: number, size: number, dilation = 1): string {
    const kernel = kerasWeight(this.weights, `${layer}/kernel`, [size, size, inChannels, outChannels]);
    const bias = kerasWeight(this.weights, `${layer}/bias`, [outChannels]);
    const onnxKernel = new Float32Array(kernel.length);
    for (let i = 0; i < size; i++)
      for (let j = 0; j < size; j++)
        for (let c = 0; c < inChannels; c++)
          for (let o = 0; o < outChannels; o++)
            onnxKernel[((o * inChannels + c) * size + i) * size + j] = kernel[
              ((i * size + j) * inChannels + c) * outChannels + o
            ] as number;
    // "same" for stride 1: (effective size − 1) split with the extra pixel after, as TensorFlow does.
    const total = (size - 1) * dilation;
    const before = Math.floor(total / 2);
    const after = total - before;
    const out = this.g.node(
      "Conv",
      [
        x,
        this.g.constant(this.unique(`${layer}_w`), onnxKernel, [outChannels, inChannels, size, size]),
        this.g.constant(this.unique(`${layer}_b`), bias, [outChannels]),
      ],
      { kernel_shape: [size, size], pads: [before, before, after, after], dilations: [dilation, dilation] },
    );
    return this.g.node("Relu", [out]);
  }

  /** Keras BatchNormalization at inference as y = x·scale + shift per channel. */
  batchNorm(x: string, layer: string, channels: number): string {
    const gamma = kerasWeight(this.weights, `${layer}/gamma`, [channels]);
    const beta = kerasWeight(this.weights, `${layer}/beta`, [channels]);
    const mean = kerasWeight(this.weights, `${layer}/moving_mean`, [channels]);
    const variance = kerasWeight(this.weights, `${layer}/moving_variance`, [channels]);
    const scale = new Float32Array(channels);
    const shift = new Float32Array(channels);
    for (let c = 0; c < channels; c++) {
      scale[c] = (gamma[c] as number) / Math.sqrt((variance[c] as number) + BN_EPSILON);
      shift[c] = (beta[c] as number) - (mean[c] as number) * (scale[c] as number);
    }
    const scaled = this.g.node("Mul", [x, this.g.constant(this.unique(`${layer}_scale`), scale, [1, channels, 1, 1])]);
    return this.g.node("Add", [scaled, this.g.constant(this.unique(`${layer}_shift`), shift, [1, channels, 1, 1])]);
  }

  /** MaxPooling2D(size, padding "same"): the feature maps here divide evenly, so no padding arises. */
  maxPool(x: string, size: number): string {
    return this.g.node("MaxPool", [x], { kernel_shape: [size, size], strides: [size, size] });
  }

  /** InceptionLayer(a, b, c, d) of classifiers.py; `first` is the number of its first conv2d_ layer. */
  inception(x: string, inChannels: number, [a, b, c, d]: number[], first: number): string {
    const layer = (k: number) => `conv2d_${first + k}`;
    const branches = [
      this.conv(x, layer(0), inChannels, a as number, 1),
      this.conv(this.conv(x, layer(1), inChannels, b as number, 1), layer(2), b as number, b as number, 3),
      this.conv(this.conv(x, layer(3), inChannels, c as number, 1), layer(4), c as number, c as number, 3, 2),
      this.conv(this.conv(x, layer(5), inChannels, d as number, 1), layer(6), d as number, d as number, 3, 3),
    ];
    return this.g.node("Concat", branches, { axis: 1 });
  }

  /** Keras flattens channels-last, so the maps are turned to NHWC before Flatten. */
  head(x: string, dense1: string, dense2: string, features: number): string {
    const nhwc = this.g.node("Transpose", [x], { perm: [0, 2, 3, 1] });
    const flat = this.g.node("Flatten", [nhwc], { axis: 1 });
    const hidden = this.g.node("Gemm", [
      flat,
      this.g.constant("dense1_w", kerasWeight(this.weights, `${dense1}/kernel`, [features, 16]), [features, 16]),
      this.g.constant("dense1_b", kerasWeight(this.weights, `${dense1}/bias`, [16]), [16]),
    ]);
    const leaky = this.g.node("LeakyRelu", [hidden], { alpha: { float: LEAKY_ALPHA } });
    const logit = this.g.node("Gemm", [
      leaky,
      this.g.constant("dense2_w", kerasWeight(this.weights, `${dense2}/kernel`, [16, 1]), [16, 1]),
      this.g.constant("dense2_b", kerasWeight(this.weights, `${dense2}/bias`, [1]), [1]),
    ]);
    return this.g.node("Sigmoid", [logit], {}, MESONET_OUTPUT);
  }
}

/** Layer names as the published files number them (Meso4_DF.h5 counts from 5, MesoInception_DF.h5 from 1). */
function meso4(k: KerasToOnnx, x: string): string {
  let y = k.maxPool(k.batchNorm(k.conv(x, "conv2d_5", 3, 8, 3), "batch_normalization_5", 8), 2);
  y = k.maxPool(k.batchNorm(k.conv(y, "conv2d_6", 8, 8, 5), "batch_normalization_6", 8), 2);
  y = k.maxPool(k.batchNorm(k.conv(y, "conv2d_7", 8, 16, 5), "batch_normalization_7", 16), 2);
  y = k.maxPool(k.batchNorm(k.conv(y, "conv2d_8", 16, 16, 5), "batch_normalization_8", 16), 4);
  return k.head(y, "dense_3", "dense_4", 8 * 8 * 16);
}

function mesoInception4(k: KerasToOnnx, x: string): string {
  let y = k.maxPool(k.batchNorm(k.inception(x, 3, [1, 4, 4, 2], 1), "batch_normalization_1", 11), 2);
  y = k.maxPool(k.batchNorm(k.inception(y, 11, [2, 4, 4, 2], 8), "batch_normalization_2", 12), 2);
  y = k.maxPool(k.batchNorm(k.conv(y, "conv2d_15", 12, 16, 5), "batch_normalization_3", 16), 2);
  y = k.maxPool(k.batchNorm(k.conv(y, "conv2d_16", 16, 16, 5), "batch_normalization_4", 16), 4);
  return k.head(y, "dense_1", "dense_2", 8 * 8 * 16);
}

export function buildMesoNetGraph(weights: KerasWeights, variant: MesoNetVariant): Uint8Array {
  const g = new OnnxGraphBuilder();
  const x = g.input(MESONET_INPUT, ["batch", 3, MESONET_SIZE, MESONET_SIZE]);
  const k = new KerasToOnnx(g, weights);
  if (variant === "meso4") meso4(k, x);
  else mesoInception4(k, x);
  g.output(MESONET_OUTPUT);
  return g.build();
}
