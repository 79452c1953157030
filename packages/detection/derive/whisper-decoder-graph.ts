import { OnnxGraphBuilder } from "../src/runtimes/onnx-graph.js";
import { crossKeys, crossValues, DECODER_LOGITS, DECODER_TOKENS_INPUT } from "../src/speech/whisper-decoder-io.js";
import { WHISPER_ENCODED } from "../src/voice-synthetic/windows.js";
import type { Ct2Model, Ct2Variable } from "./ct2-model.js";

/**
 * Whisper's text decoder as two ONNX graphs, which `npm run setup` derives from CTranslate2's
 * WhisperSpec `decoder/` variables (the same model.bin the encoder graph comes from,
 * whisper-encoder-graph.ts) and the speech recogniser loads (src/speech/recogniser.ts):
 *
 * - the cross-attention keys and values of every layer, computed once per recording from the
 *   encoder's output (`attention/linear_1` is CT2's fused [k; v] projection);
 * - one decoding step: token embeddings plus learned positions → pre-LN layers (causal
 *   self-attention, fused QKV `self_attention/linear_0`; cross-attention, query `attention/linear_0`,
 *   output `attention/linear_2`; FFN with GELU) → final layer norm → logits of the last position
 *   against the token embedding matrix (CT2 aliases `decoder/projection` to it).
 *
 * The step graph takes the whole token sequence each time instead of a key/value cache: a
 * phrase of a few words is a few dozen tokens, so recomputing them costs little next to the
 * encoder, and the graph stays one plain function of its inputs. Tokens arrive as float32 (the
 * graph builder's inputs are float) and are cast to int64 for the embedding lookup: token ids
 * stay below 2^24, so they are exact in float32.
 */

const LN_EPSILON = { float: 1e-5 };
/** ONNX TensorProto.DataType INT64, Cast's target for the token ids. */
const ONNX_INT64 = 7;
/** The causal mask's "never": large enough that softmax gives exactly 0, finite so 0 × it stays 0. */
const MASKED = -1e9;

export interface WhisperDecoderShape {
  layers: number;
  heads: number;
  width: number;
  vocabulary: number;
  /** Whisper's text context: the most tokens the position table covers. */
  context: number;
}

function variable(model: Ct2Model, name: string): Ct2Variable {
  const found = model.variables.get(model.aliases.get(name) ?? name);
  if (!found) throw new Error(`The Whisper model has no variable ${name}`);
  return found;
}

export function decoderShape(model: Ct2Model): WhisperDecoderShape {
  const embeddings = variable(model, "decoder/embeddings/weight");
  let layers = 0;
  while (model.variables.has(`decoder/layer_${layers}/ffn/linear_0/weight`)) layers++;
  const heads = model.variables.get("decoder/num_heads")?.data[0] ?? 8;
  const positions = variable(model, "decoder/position_encodings/encodings");
  return {
    layers,
    heads,
    width: embeddings.shape[1] as number,
    vocabulary: embeddings.shape[0] as number,
    context: positions.shape[0] as number,
  };
}

/** [out, in] row-major → [in, out], the layout MatMul's right operand takes, optionally scaled. */
function transposed(v: Ct2Variable, scale = 1): Float32Array {
  const [rows, cols] = v.shape as [number, number];
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) out[c * rows + r] = (v.data[r * cols + c] as number) * scale;
  return out;
}

/** Shared helpers over one graph: weights as constants, linear layers, layer norms, heads. */
function graphTools(model: Ct2Model, g: OnnxGraphBuilder, shape: WhisperDecoderShape) {
  const headWidth = shape.width / shape.heads;
  const i64 = (name: string, values: number[]) =>
    g.constant(name, BigInt64Array.from(values.map(BigInt)), [values.length]);
  const w = (name: string) => {
    const v = variable(model, name);
    return g.constant(name, v.data, v.shape);
  };
  /**
   * x·Wᵀ + b. `scaleColumns` scales the first n output columns (weights and bias): the attention's
   * 1/√d folded into the query projection, as the encoder graph does.
   */
  const linear = (input: string, name: string, scaleColumns?: { columns: number; by: number }) => {
    const weight = variable(model, `${name}/weight`);
    const bias = Float32Array.from(variable(model, `${name}/bias`).data);
    const [out, inWidth] = weight.shape as [number, number];
    const wT = transposed(weight);
    if (scaleColumns) {
      for (let r = 0; r < inWidth; r++)
        for (let c = 0; c < scaleColumns.columns; c++) wT[r * out + c] = (wT[r * out + c] as number) * scaleColumns.by;
      for (let c = 0; c < scaleColumns.columns; c++) bias[c] = (bias[c] as number) * scaleColumns.by;
    }
    const product = g.node("MatMul", [input, g.constant(`${name}/weight_t`, wT, [inWidth, out])]);
    return g.node("Add", [product, g.constant(`${name}/bias_f32`, bias, [out])]);
  };
  const layerNorm = (input: string, scope: string) =>
    g.node("LayerNormalization", [input, w(`${scope}/layer_norm/gamma`), w(`${scope}/layer_norm/beta`)], {
      axis: -1,
      epsilon: LN_EPSILON,
    });
  const headsShape = i64("heads_shape", [0, 0, shape.heads, headWidth]);
  const mergedShape = i64("merged_shape", [0, 0, shape.width]);
  const toHeads = (t: string, perm: number[]) => g.node("Transpose", [g.node("Reshape", [t, headsShape])], { perm });
  const mergeHeads = (t: string) => g.node("Reshape", [g.node("Transpose", [t], { perm: [0, 2, 1, 3] }), mergedShape]);
  return { headWidth, i64, w, linear, layerNorm, toHeads, mergeHeads };
}

/**
 * Encoder output [1, T, width] → per layer `cross_k_l` [1, heads, headWidth, T] (already
 * transposed for q·kᵀ) and `cross_v_l` [1, heads, T, headWidth].
 */
export function buildWhisperCrossAttentionGraph(model: Ct2Model): Uint8Array {
  const shape = decoderShape(model);
  const g = new OnnxGraphBuilder();
  const t = graphTools(model, g, shape);
  g.input(WHISPER_ENCODED, [1, "frames", shape.width]);
  const split = t.i64("kv_split", [shape.width, shape.width]);
  for (let l = 0; l < shape.layers; l++) {
    const p = `decoder/layer_${l}/attention`;
    const kv = t.linear(WHISPER_ENCODED, `${p}/linear_1`);
    const [k, v] = g.multiNode("Split", [kv, split], [`${p}/k`, `${p}/v`], { axis: -1 }) as [string, string];
    g.node("Identity", [t.toHeads(k, [0, 2, 3, 1])], {}, crossKeys(l));
    g.node("Identity", [t.toHeads(v, [0, 2, 1, 3])], {}, crossValues(l));
    g.output(crossKeys(l));
    g.output(crossValues(l));
  }
  return g.build(20);
}

/** Tokens [1, n] (float32 ids) and every layer's cross keys and values → logits [1, vocabulary] of the last token. */
export function buildWhisperDecoderStepGraph(model: Ct2Model): Uint8Array {
  const shape = decoderShape(model);
  const g = new OnnxGraphBuilder();
  const t = graphTools(model, g, shape);
  const queryScale = 1 / Math.sqrt(t.headWidth);

  g.input(DECODER_TOKENS_INPUT, [1, "tokens"]);
  for (let l = 0; l < shape.layers; l++) {
    g.input(crossKeys(l), [1, shape.heads, t.headWidth, "frames"]);
    g.input(crossValues(l), [1, shape.heads, "frames", t.headWidth]);
  }
  const ids = g.node("Cast", [DECODER_TOKENS_INPUT], { to: ONNX_INT64 });
  const embeddings = t.w("decoder/embeddings/weight");
  const count = g.node("Slice", [g.node("Shape", [ids]), t.i64("one", [1]), t.i64("two", [2])]);
  const zero = t.i64("zero", [0]);
  const positions = g.node("Slice", [t.w("decoder/position_encodings/encodings"), zero, count, zero]);
  let x = g.node("Add", [g.node("Gather", [embeddings, ids], { axis: 0 }), positions]);

  // Causal mask rows and columns 0 … n−1: position i sees positions ≤ i.
  const mask = new Float32Array(shape.context * shape.context);
  for (let i = 0; i < shape.context; i++)
    for (let j = i + 1; j < shape.context; j++) mask[i * shape.context + j] = MASKED;
  const causal = g.node("Slice", [
    g.constant("causal_mask", mask, [shape.context, shape.context]),
    t.i64("zero_zero", [0, 0]),
    g.node("Concat", [count, count], { axis: 0 }),
    t.i64("axes_01", [0, 1]),
  ]);

  const attend = (q: string, kT: string, v: string, masked: boolean) => {
    const scores = g.node("MatMul", [t.toHeads(q, [0, 2, 1, 3]), kT]);
    const weights = g.node("Softmax", [masked ? g.node("Add", [scores, causal]) : scores], { axis: -1 });
    return t.mergeHeads(g.node("MatMul", [weights, v]));
  };

  const split = t.i64("qkv_split", [shape.width, shape.width, shape.width]);
  for (let l = 0; l < shape.layers; l++) {
    const p = `decoder/layer_${l}`;
    const qkv = t.linear(t.layerNorm(x, `${p}/self_attention`), `${p}/self_attention/linear_0`, {
      columns: shape.width,
      by: queryScale,
    });
    const [q, k, v] = g.multiNode("Split", [qkv, split], [`${p}/q`, `${p}/k`, `${p}/v`], { axis: -1 }) as [
      string,
      string,
      string,
    ];
    const self = attend(q, t.toHeads(k, [0, 2, 3, 1]), t.toHeads(v, [0, 2, 1, 3]), true);
    x = g.node("Add", [x, t.linear(self, `${p}/self_attention/linear_1`)]);

    const crossQuery = t.linear(t.layerNorm(x, `${p}/attention`), `${p}/attention/linear_0`, {
      columns: shape.width,
      by: queryScale,
    });
    const cross = attend(crossQuery, crossKeys(l), crossValues(l), false);
    x = g.node("Add", [x, t.linear(cross, `${p}/attention/linear_2`)]);

    const hidden = t.linear(
      g.node("Gelu", [t.linear(t.layerNorm(x, `${p}/ffn`), `${p}/ffn/linear_0`)]),
      `${p}/ffn/linear_1`,
    );
    x = g.node("Add", [x, hidden]);
  }
  const normed = g.node("LayerNormalization", [x, t.w("decoder/layer_norm/gamma"), t.w("decoder/layer_norm/beta")], {
    axis: -1,
    epsilon: LN_EPSILON,
  });
  const last = g.node("Sub", [count, t.i64("one_again", [1])]);
  const lastHidden = g.node("Reshape", [
    g.node("Gather", [normed, last], { axis: 1 }),
    t.i64("row_shape", [1, shape.width]),
  ]);
  g.node("Gemm", [lastHidden, embeddings], { transB: 1 }, DECODER_LOGITS);
  g.output(DECODER_LOGITS);
  return g.build(20);
}
