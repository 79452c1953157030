import { type AasistConfig, ENCODER_INPUT, ENCODER_OUTPUT } from "../src/antispoof/aasist-config.js";
import { sincFilterBank } from "../src/antispoof/sinc-filters.js";
import { type TensorMap, weight } from "../src/models/tensor-file.js";
import { OnnxGraphBuilder } from "../src/runtimes/onnx-graph.js";

/**
 * AASIST's convolutional half as an ONNX graph (about 99% of its arithmetic): sinc front end,
 * |x|, 3×3 max-pool, batch norm, SELU and the six residual blocks. Built once by `npm run setup` from
 * the checkpoint (aasist/<variant>.encoder.onnx) so onnxruntime's convolution kernels do the work; the graph half stays in TypeScript.
 *
 * The reference Residual_block computes bn1/SELU and then discards them (`out = self.conv1(x)`);
 * the published weights were trained that way, so this graph does the same.
 *
 * The convolutions stay fp32. Tried on 2026-11-23 (onnxruntime 1.30, one thread, CPU time): int8
 * in QDQ form (weights int8 per output channel, activations uint8 calibrated on LibriSpeech
 * windows, fused into QLinearConv; 1-channel convolutions left fp32) took a window from ~270 to
 * ~170-190 ms at best, not the ~3x less the audio budget needs. A uint8 NHWC convolution stack
 * alone (no sinc front end, no SELU) already costs ~80 ms, and the SELUs, residual adds, pooling
 * and the quantise/dequantise passes between them remain per-element work. It also moved clip
 * scores by up to 0.09 (mean 0.025 over 42 clips), and by up to 0.45 with the sinc front end in int8.
 */
const BN_EPSILON = { float: 1e-5 };
const SELU_ALPHA = 1.6732632423543772;
const SELU_SCALE = 1.0507009873554805;

/**
 * The first two residual blocks do most of the work, on the widest maps (32 channels × 24 × 21,490
 * positions: 66 MB per intermediate). Over the whole window every element-wise pass streams such
 * a map through memory; over time chunks of about 4 MB the passes stay in cache. 150 outputs per
 * chunk measured fastest (CPU time) of 50 to 400; chunking a third block gained nothing.
 */
const CHUNKED_BLOCKS = 2;
const CHUNK_OUTPUTS = 150;

export interface EncoderGraphOptions {
  /** Output positions of the chunked blocks per chunk; Infinity runs them over the whole window. */
  chunkOutputs?: number;
}

export function buildEncoderGraph(
  config: AasistConfig,
  weights: TensorMap,
  options: EncoderGraphOptions = {},
): Uint8Array {
  const g = new OnnxGraphBuilder();
  const { taps, data } = sincFilterBank(config.sincFilters, config.sincKernel);
  g.input(ENCODER_INPUT, [1, 1, 1, config.samples]);
  const sincW = g.constant("sinc", data, [config.sincFilters, 1, 1, taps]);
  let x = g.node("Conv", [ENCODER_INPUT, sincW], { kernel_shape: [1, taps] });
  x = g.node("Abs", [x]);
  // [1, filters, 1, time] → [1, 1, filters, time]: the reference pools filters and time together.
  // Both shapes share one memory layout, so a Reshape does it without the copy a Transpose makes.
  const filtersByTime = BigInt64Array.from([1n, 1n, BigInt(config.sincFilters), -1n]);
  x = g.node("Reshape", [x, g.constant("filters_by_time", filtersByTime, [4])]);
  x = g.node("MaxPool", [x], { kernel_shape: [3, 3], strides: [3, 3] });
  x = batchNorm(g, weights, "first_bn", 1, x);
  x = g.node("Selu", [x]);

  const inCache = cachedSelu(g);
  const plain: Selu = { apply: (y) => g.node("Selu", [y]), scale: 1 };
  const blocks = config.blocks.map((channels, index) =>
    residualBlock(g, weights, index, channels, index < CHUNKED_BLOCKS ? inCache : plain),
  );
  const early = blocks.slice(0, CHUNKED_BLOCKS);
  const frames = Math.floor((config.samples - taps + 1) / 3);
  x = overTimeChunks(g, x, frames, CHUNKED_BLOCKS, options.chunkOutputs ?? CHUNK_OUTPUTS, (chunk) =>
    early.reduce((y, block) => block(y), chunk),
  );
  for (const block of blocks.slice(CHUNKED_BLOCKS)) x = block(x);
  g.node("Identity", [x], {}, ENCODER_OUTPUT);
  g.output(ENCODER_OUTPUT);
  return g.build();
}

/**
 * Runs `stage` (the first `blocks` residual blocks) over time chunks of x [1, C, H, frames] and
 * joins what they output. A block's output position j depends on its input positions 3j−2 … 3j+4
 * (two width-3 convolutions, then a width-3 max-pool), so a chunk carries one output position's
 * worth of real input on each inner side, aligned to the pooling grid, and drops that position's
 * output, whose inputs met the chunk's zero padding. At the window's own edges a chunk has the
 * same zero padding as the whole window, so every kept value is the one a whole-window run computes.
 */
function overTimeChunks(
  g: OnnxGraphBuilder,
  x: string,
  frames: number,
  blocks: number,
  chunkOutputs: number,
  stage: (input: string) => string,
): string {
  const stride = 3 ** blocks;
  let outputs = frames;
  for (let i = 0; i < blocks; i++) outputs = Math.floor(outputs / 3);
  const chunks = Math.ceil(outputs / chunkOutputs);
  if (chunks <= 1) return stage(x);
  const index = (name: string, value: number) => g.constant(name, BigInt64Array.from([BigInt(value)]), [1]);
  const timeAxis = index("time_axis", 3);
  const pieces: string[] = [];
  for (let k = 0; k < chunks; k++) {
    const first = Math.round((k * outputs) / chunks);
    const end = Math.round(((k + 1) * outputs) / chunks);
    const halo = first > 0 ? 1 : 0;
    // The last chunk runs to the end, so the pooling drops the same trailing frames as over the window.
    const to = end === outputs ? frames : (end + 1) * stride;
    const input = g.node("Slice", [
      x,
      index(`chunk${k}_from`, (first - halo) * stride),
      index(`chunk${k}_to`, to),
      timeAxis,
    ]);
    const output = stage(input);
    pieces.push(
      g.node("Slice", [
        output,
        index(`chunk${k}_keep_from`, halo),
        index(`chunk${k}_keep_to`, halo + end - first),
        timeAxis,
      ]),
    );
  }
  return g.node("Concat", pieces, { axis: 3 });
}

/** SELU as graph nodes giving SELU(x)/scale; the next convolution's weights take the scale. */
interface Selu {
  apply: (x: string) => string;
  scale: number;
}

/**
 * SELU(x)/λ = max(x, 0) + α(exp(min(x, 0)) − 1), for maps held in cache. onnxruntime's Selu
 * evaluates exp one value at a time (about 2 ns each) while its Exp is vectorised: over a time
 * chunk these five passes cost less than that one, over a whole map in memory they do not.
 */
function cachedSelu(g: OnnxGraphBuilder): Selu {
  const scalar = (name: string, value: number) => g.constant(name, Float32Array.from([value]), []);
  const zero = scalar("selu_zero", 0);
  const one = scalar("selu_one", 1);
  const alpha = scalar("selu_alpha", SELU_ALPHA);
  return {
    apply: (x) => {
      const negative = g.node("Mul", [g.node("Sub", [g.node("Exp", [g.node("Min", [x, zero])]), one]), alpha]);
      return g.node("Add", [g.node("Relu", [x]), negative]);
    },
    scale: SELU_SCALE,
  };
}

/** One Residual_block; its weights become constants once, however many chunks run through it. */
function residualBlock(
  g: OnnxGraphBuilder,
  weights: TensorMap,
  index: number,
  [cin, cout]: [number, number],
  selu: Selu,
): (x: string) => string {
  const p = `encoder.${index}.0`;
  const conv = (name: string, cIn: number, kh: number, pads: number[], scale = 1) => {
    const w = weight(weights, `${p}.${name}.weight`, [cout, cIn, kh, 3]);
    const inputs = [
      g.constant(`${p}.${name}.weight`, scale === 1 ? w : w.map((v) => v * scale), [cout, cIn, kh, 3]),
      g.constant(`${p}.${name}.bias`, weight(weights, `${p}.${name}.bias`, [cout]), [cout]),
    ];
    return (x: string) => g.node("Conv", [x, ...inputs], { kernel_shape: [kh, 3], pads });
  };
  const conv1 = conv("conv1", cin, 2, [1, 1, 1, 1]);
  const bn2 = batchNormParams(g, weights, `${p}.bn2`, cout);
  // conv2 reads SELU(x) = scale·selu.apply(x): the scale goes into its weights (zero padding stays zero).
  const conv2 = conv("conv2", cout, 2, [0, 1, 0, 1], selu.scale);
  const downsample = cin !== cout ? conv("conv_downsample", cin, 1, [0, 1, 0, 1]) : (x: string) => x;
  return (x) => {
    const normalised = g.node("BatchNormalization", [conv1(x), ...bn2], { epsilon: BN_EPSILON });
    const out = g.node("Add", [conv2(selu.apply(normalised)), downsample(x)]);
    return g.node("MaxPool", [out], { kernel_shape: [1, 3], strides: [1, 3] });
  };
}

function batchNormParams(g: OnnxGraphBuilder, weights: TensorMap, prefix: string, channels: number) {
  return ["weight", "bias", "running_mean", "running_var"].map((name) =>
    g.constant(`${prefix}.${name}`, weight(weights, `${prefix}.${name}`, [channels]), [channels]),
  );
}

function batchNorm(g: OnnxGraphBuilder, weights: TensorMap, prefix: string, channels: number, input: string): string {
  return g.node("BatchNormalization", [input, ...batchNormParams(g, weights, prefix, channels)], {
    epsilon: BN_EPSILON,
  });
}
