import { type TensorMap, weight } from "../src/models/tensor-file.js";
import { OnnxGraphBuilder } from "../src/runtimes/onnx-graph.js";
import { LSTM_INPUT, LSTM_OUTPUT } from "../src/voice/ge2e.js";

/**
 * The GE2E encoder's three stacked LSTM layers as an ONNX graph, so onnxruntime's LSTM kernel
 * (batched GEMMs) runs the recurrence: nearly all of the encoder's arithmetic.
 * Input: mel frames [steps × batch × 40]; output: the last layer's final hidden state [1 × batch × 256].
 *
 * PyTorch orders an LSTM's gate blocks (input, forget, cell, output); ONNX orders them
 * (input, output, forget, cell), so the weight blocks are reordered here.
 */

const PYTORCH_TO_ONNX_GATES = [0, 3, 1, 2];

function reorderGates(source: Float32Array, hidden: number, columns: number): Float32Array {
  const out = new Float32Array(source.length);
  const block = hidden * columns;
  PYTORCH_TO_ONNX_GATES.forEach((from, to) => {
    out.set(source.subarray(from * block, (from + 1) * block), to * block);
  });
  return out;
}

export function buildLstmGraph(weights: TensorMap, layers: number, inputSize: number, hidden: number): Uint8Array {
  const g = new OnnxGraphBuilder();
  let x = g.input(LSTM_INPUT, ["steps", "batch", inputSize]);
  const squeezeAxis = g.constant("axis1", BigInt64Array.from([1n]), [1]);
  for (let l = 0; l < layers; l++) {
    const columns = l === 0 ? inputSize : hidden;
    const w = reorderGates(weight(weights, `lstm.weight_ih_l${l}`, [4 * hidden, columns]), hidden, columns);
    const r = reorderGates(weight(weights, `lstm.weight_hh_l${l}`, [4 * hidden, hidden]), hidden, hidden);
    const bias = new Float32Array(8 * hidden);
    bias.set(reorderGates(weight(weights, `lstm.bias_ih_l${l}`, [4 * hidden]), hidden, 1), 0);
    bias.set(reorderGates(weight(weights, `lstm.bias_hh_l${l}`, [4 * hidden]), hidden, 1), 4 * hidden);
    const isLast = l === layers - 1;
    const [sequence] = g.multiNode(
      "LSTM",
      [
        x,
        g.constant(`W${l}`, w, [1, 4 * hidden, columns]),
        g.constant(`R${l}`, r, [1, 4 * hidden, hidden]),
        g.constant(`B${l}`, bias, [1, 8 * hidden]),
      ],
      isLast ? ["", LSTM_OUTPUT] : [`Y${l}`],
      { hidden_size: hidden },
    );
    if (!isLast) x = g.node("Squeeze", [sequence as string, squeezeAxis]);
  }
  g.output(LSTM_OUTPUT);
  return g.build();
}
