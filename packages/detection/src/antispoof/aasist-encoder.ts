import { OnnxGraphBuilder } from "../runtimes/onnx-graph.js";
import type { Tensor } from "../torch/checkpoint.js";
import { weight } from "../torch/weights.js";
import type { AasistConfig } from "./aasist-config.js";
import { sincFilterBank } from "./sinc-filters.js";

/**
 * AASIST's convolutional half as an ONNX graph (about 99% of its arithmetic): sinc front end,
 * |x|, 3×3 max-pool, batch norm, SELU and the six residual blocks. Built at load time from the
 * checkpoint so onnxruntime's convolution kernels do the work; the graph half stays in TypeScript.
 *
 * The reference Residual_block computes bn1/SELU and then discards them (`out = self.conv1(x)`);
 * the published weights were trained that way, so this graph does the same.
 */
export const ENCODER_INPUT = "waveform";
export const ENCODER_OUTPUT = "encoded";
const BN_EPSILON = { float: 1e-5 };

export function buildEncoderGraph(config: AasistConfig, weights: Map<string, Tensor>): Uint8Array {
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

  config.blocks.forEach(([cin, cout], index) => {
    const p = `encoder.${index}.0`;
    const conv = (name: string, input: string, cIn: number, kh: number, pads: number[]) =>
      g.node(
        "Conv",
        [
          input,
          g.constant(`${p}.${name}.weight`, weight(weights, `${p}.${name}.weight`, [cout, cIn, kh, 3]), [
            cout,
            cIn,
            kh,
            3,
          ]),
          g.constant(`${p}.${name}.bias`, weight(weights, `${p}.${name}.bias`, [cout]), [cout]),
        ],
        { kernel_shape: [kh, 3], pads },
      );
    let out = conv("conv1", x, cin, 2, [1, 1, 1, 1]);
    out = batchNorm(g, weights, `${p}.bn2`, cout, out);
    out = g.node("Selu", [out]);
    out = conv("conv2", out, cout, 2, [0, 1, 0, 1]);
    const identity = cin !== cout ? conv("conv_downsample", x, cin, 1, [0, 1, 0, 1]) : x;
    out = g.node("Add", [out, identity]);
    x = g.node("MaxPool", [out], { kernel_shape: [1, 3], strides: [1, 3] });
  });
  g.node("Identity", [x], {}, ENCODER_OUTPUT);
  g.output(ENCODER_OUTPUT);
  return g.build();
}

function batchNorm(
  g: OnnxGraphBuilder,
  weights: Map<string, Tensor>,
  prefix: string,
  channels: number,
  input: string,
): string {
  const param = (name: string) =>
    g.constant(`${prefix}.${name}`, weight(weights, `${prefix}.${name}`, [channels]), [channels]);
  return g.node(
    "BatchNormalization",
    [input, param("weight"), param("bias"), param("running_mean"), param("running_var")],
    { epsilon: BN_EPSILON },
  );
}
