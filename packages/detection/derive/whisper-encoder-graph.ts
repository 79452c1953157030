import { OnnxGraphBuilder } from "../src/runtimes/onnx-graph.js";
import { hiddenOutput, WHISPER_ENCODED, WHISPER_MEL_INPUT } from "../src/voice-synthetic/windows.js";
import type { Ct2Model, Ct2Variable } from "./ct2-model.js";

/**
 * The Whisper audio encoder as an ONNX graph built once by `npm run setup` (whisper-base/encoder.onnx) from CTranslate2's WhisperSpec
 * variables: conv1 (k3, pad 1) → GELU → conv2 (k3, stride 2, pad 1) → GELU → + sinusoidal
 * position table → pre-LN transformer layers (self-attention with CT2's fused QKV projection
 * `self_attention/linear_0` = [q; k; v], output `linear_1`; FFN `linear_0` → GELU → `linear_1`) →
 * final layer norm. Weights are fp16 in the file and widened to fp32 here.
 *
 * Inputs shorter than Whisper's 30 s are accepted: the position table is sliced to the frames
 * present, as the encoder's attention has no mask and nothing else depends on the length. A
 * countermeasure window of a few seconds so costs a few seconds of compute instead of thirty.
 *
 * Outputs: `hidden_0` (embeddings plus positions) and `hidden_i` after layer i, each [1, T/2, 512],
 * and `encoded` (after the final layer norm, what CTranslate2's encode returns).
 */

const LN_EPSILON = { float: 1e-5 };

export interface WhisperEncoderShape {
  layers: number;
  heads: number;
  width: number;
  mels: number;
}

export function encoderShape(model: Ct2Model): WhisperEncoderShape {
  const conv1 = variable(model, "encoder/conv1/weight");
  let layers = 0;
  while (model.variables.has(`encoder/layer_${layers}/ffn/linear_0/weight`)) layers++;
  const heads = model.variables.get("encoder/num_heads")?.data[0] ?? 8;
  return { layers, heads, width: conv1.shape[0] as number, mels: conv1.shape[1] as number };
}

function variable(model: Ct2Model, name: string): Ct2Variable {
  const found = model.variables.get(name);
  if (!found) throw new Error(`The Whisper model has no variable ${name}`);
  return found;
}

/** [out, in] row-major → [in, out], the layout MatMul's right operand takes. */
function transposed(v: Ct2Variable): Float32Array {
  const [rows, cols] = v.shape as [number, number];
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = v.data[r * cols + c] as number;
  return out;
}

export interface EncoderGraphOptions {
  /** Run only the first k transformer layers (features from later layers then do not exist). */
  layers?: number;
}

export function buildWhisperEncoderGraph(model: Ct2Model, options: EncoderGraphOptions = {}): Uint8Array {
  const shape = encoderShape(model);
  const layers = Math.min(options.layers ?? shape.layers, shape.layers);
  const { width, heads, mels } = shape;
  const headWidth = width / heads;
  const g = new OnnxGraphBuilder();
  const w = (name: string) => {
    const v = variable(model, name);
    return g.constant(name, v.data, v.shape);
  };
  const i64 = (name: string, values: number[]) =>
    g.constant(name, BigInt64Array.from(values.map(BigInt)), [values.length]);

  g.input(WHISPER_MEL_INPUT, [1, mels, "frames"]);
  let x = g.node("Conv", [WHISPER_MEL_INPUT, w("encoder/conv1/weight"), w("encoder/conv1/bias")], {
    kernel_shape: [3],
    pads: [1, 1],
  });
  x = g.node("Gelu", [x]);
  x = g.node("Conv", [x, w("encoder/conv2/weight"), w("encoder/conv2/bias")], {
    kernel_shape: [3],
    pads: [1, 1],
    strides: [2],
  });
  x = g.node("Gelu", [x]);
  x = g.node("Transpose", [x], { perm: [0, 2, 1] });
  // Position table rows 0 … T−1 for the T frames present.
  const frames = g.node("Slice", [g.node("Shape", [x]), i64("one", [1]), i64("two", [2])]);
  const positions = g.node("Slice", [
    w("encoder/position_encodings/encodings"),
    i64("zero", [0]),
    frames,
    i64("zero_axis", [0]),
  ]);
  x = g.node("Add", [x, positions], {}, hiddenOutput(0));
  g.output(hiddenOutput(0));

  const headsShape = i64("heads_shape", [0, 0, heads, headWidth]);
  const mergedShape = i64("merged_shape", [0, 0, width]);
  const split = i64("qkv_split", [width, width, width]);
  for (let l = 0; l < layers; l++) {
    const p = `encoder/layer_${l}`;
    const layerNorm = (input: string, scope: string) =>
      g.node("LayerNormalization", [input, w(`${scope}/layer_norm/gamma`), w(`${scope}/layer_norm/beta`)], {
        axis: -1,
        epsilon: LN_EPSILON,
      });
    const linear = (input: string, name: string, scale?: (weights: Float32Array, bias: Float32Array) => void) => {
      const weight = variable(model, `${name}/weight`);
      const bias = Float32Array.from(variable(model, `${name}/bias`).data);
      const wT = transposed(weight);
      scale?.(wT, bias);
      const out = weight.shape[0] as number;
      const product = g.node("MatMul", [input, g.constant(`${name}/weight_t`, wT, [weight.shape[1] as number, out])]);
      return g.node("Add", [product, g.constant(`${name}/bias_f32`, bias, [out])]);
    };
    // Attention scores are q·k / √d; the 1/√d is folded into the query's weights and bias.
    const queryScale = 1 / Math.sqrt(headWidth);
    const foldQueryScale = (wT: Float32Array, bias: Float32Array) => {
      const columns = 3 * width;
      for (let r = 0; r < width; r++)
        for (let c = 0; c < width; c++) wT[r * columns + c] = (wT[r * columns + c] as number) * queryScale;
      for (let c = 0; c < width; c++) bias[c] = (bias[c] as number) * queryScale;
    };
    const normed = layerNorm(x, `${p}/self_attention`);
    const qkv = linear(normed, `${p}/self_attention/linear_0`, foldQueryScale);
    const [q, k, v] = g.multiNode("Split", [qkv, split], [`${p}/q`, `${p}/k`, `${p}/v`], { axis: -1 }) as [
      string,
      string,
      string,
    ];
    const toHeads = (t: string, perm: number[]) => g.node("Transpose", [g.node("Reshape", [t, headsShape])], { perm });
    const scores = g.node("MatMul", [toHeads(q, [0, 2, 1, 3]), toHeads(k, [0, 2, 3, 1])]);
    const attention = g.node("Softmax", [scores], { axis: -1 });
    const context = g.node("MatMul", [attention, toHeads(v, [0, 2, 1, 3])]);
    const merged = g.node("Reshape", [g.node("Transpose", [context], { perm: [0, 2, 1, 3] }), mergedShape]);
    x = g.node("Add", [x, linear(merged, `${p}/self_attention/linear_1`)]);
    const hidden = linear(g.node("Gelu", [linear(layerNorm(x, `${p}/ffn`), `${p}/ffn/linear_0`)]), `${p}/ffn/linear_1`);
    x = g.node("Add", [x, hidden], {}, hiddenOutput(l + 1));
    g.output(hiddenOutput(l + 1));
  }
  if (layers === shape.layers) {
    g.node(
      "LayerNormalization",
      [x, w("encoder/layer_norm/gamma"), w("encoder/layer_norm/beta")],
      { axis: -1, epsilon: LN_EPSILON },
      WHISPER_ENCODED,
    );
    g.output(WHISPER_ENCODED);
  }
  return g.build(20);
}
