import { dequantize } from "../src/runtimes/onnx-fold.js";
import {
  bytesOf,
  decodeTensor,
  type Field,
  floatTensor,
  GRAPH,
  NODE,
  readFields,
  readGraph,
  strings,
  TENSOR,
  text,
  writeFields,
} from "../src/runtimes/onnx-wire.js";

/**
 * Turns a dynamically quantized ONNX graph (onnxruntime's `quantize_dynamic`: DynamicQuantizeLinear
 * on the activation, MatMulInteger with constant int8 weights, Cast, and a Mul by activation scale
 * × weight scale) back into float MatMuls on the dequantized weights.
 *
 * Why: onnxruntime computes u8 × s8 MatMulInteger with per-CPU kernels, and on AVX2 without VNNI
 * their int16 pair sums saturate, so the same picture gave different CLIP features (and verdicts)
 * on different machines. A float MatMul differs across CPUs only in summation order (relative
 * error ~1e-6), and without the per-call activation quantization no rounding step amplifies that.
 * Keeping integer kernels with u8 × u8 weights was measured too: exact integer products, but the
 * activation quantization still flips roundings between CPUs (cosine 0.999 across AVX2/AVX-512).
 *
 * Every other field is copied through in order (see onnx-wire.ts), so setup can pin the SHA-256.
 */

export interface DynamicDequantizeReport {
  matMuls: number;
  droppedNodes: number;
}

const opType = (node: Field[]) => text(node.find((f) => f.number === NODE.opType) as Field);

function nodeBytes(name: string, op: string, inputs: string[], outputs: string[]): Uint8Array {
  return writeFields([
    ...inputs.map((input): Field => ({ number: NODE.input, wire: 2, value: bytesOf(input) })),
    ...outputs.map((output): Field => ({ number: NODE.output, wire: 2, value: bytesOf(output) })),
    { number: 3, wire: 2, value: bytesOf(name) },
    { number: NODE.opType, wire: 2, value: bytesOf(op) },
  ]);
}

export function dequantizeDynamicMatMuls(model: Uint8Array): { bytes: Uint8Array; report: DynamicDequantizeReport } {
  const { modelFields, graphIndex, graph, initialisers, nodes, producer, consumers } = readGraph(model);
  const only = (name: string, op: string): Field[] => {
    const readers = consumers.get(name) ?? [];
    const reader = readers[0];
    if (readers.length !== 1 || !reader || opType(reader) !== op)
      throw new Error(`Expected ${name} to feed exactly one ${op}; this is not quantize_dynamic's pattern`);
    return reader;
  };

  const removed = new Set<Field[]>();
  const replacement = new Map<Field[], Uint8Array>();
  const newInitialisers: Uint8Array[] = [];
  for (const node of nodes) {
    if (opType(node) !== "MatMulInteger") continue;
    const [activation, weight, , weightZero] = strings(node, NODE.input);
    const quantize = activation ? producer.get(activation) : undefined;
    const weightTensor = weight ? initialisers.get(weight) : undefined;
    if (!quantize || opType(quantize) !== "DynamicQuantizeLinear" || !weightTensor)
      throw new Error("MatMulInteger without a DynamicQuantizeLinear activation and constant weights");
    const cast = only(strings(node, NODE.output)[0] as string, "Cast");
    const rescale = only(strings(cast, NODE.output)[0] as string, "Mul");
    const scales = producer.get(strings(rescale, NODE.input).find((n) => n !== strings(cast, NODE.output)[0]) ?? "");
    const weightScale = scales && strings(scales, NODE.input).find((n) => initialisers.has(n));
    if (!scales || opType(scales) !== "Mul" || !weightScale)
      throw new Error("MatMulInteger's rescale is not activation scale × constant weight scale");
    const w = decodeTensor(weightTensor);
    const zero = weightZero ? decodeTensor(initialisers.get(weightZero) as Field[]) : undefined;
    // Weights are [K, N] with one scale (and zero point) per output column N.
    const values = dequantize(w, decodeTensor(initialisers.get(weightScale) as Field[]), zero, 1, 0);
    const floatName = `${weight}_dequantized`;
    newInitialisers.push(floatTensor(floatName, w.dims, values));
    const output = strings(rescale, NODE.output)[0] as string;
    replacement.set(
      node,
      nodeBytes(`${output}_float_matmul`, "MatMul", [strings(quantize, NODE.input)[0] as string, floatName], [output]),
    );
    for (const gone of [cast, rescale]) removed.add(gone);
    if ((consumers.get(strings(scales, NODE.output)[0] as string) ?? []).length === 1) removed.add(scales);
  }
  // A quantizer is dropped once every MatMulInteger that read it has been replaced.
  for (const node of nodes) {
    if (opType(node) !== "DynamicQuantizeLinear") continue;
    const readers = strings(node, NODE.output).flatMap((name) => consumers.get(name) ?? []);
    const stillRead = readers.some((reader) => !replacement.has(reader) && !removed.has(reader));
    if (!stillRead) removed.add(node);
  }
  for (const [node] of replacement) if (removed.has(node)) throw new Error("Replaced node also removed");

  const liveNodes = nodes.filter((node) => !removed.has(node));
  const read = new Set(liveNodes.flatMap((node) => (replacement.has(node) ? [] : strings(node, NODE.input))));
  for (const bytes of replacement.values()) for (const input of strings(readFields(bytes), NODE.input)) read.add(input);
  const outputs = new Set(
    graph.filter((f) => f.number === GRAPH.output).map((f) => strings(readFields(f.value as Uint8Array), 1)[0]),
  );

  const rewritten: Field[] = [];
  let wroteNewInitialisers = false;
  let nodeIndex = 0;
  for (const field of graph) {
    if (field.number === GRAPH.node) {
      const node = nodes[nodeIndex++] as Field[];
      const swap = replacement.get(node);
      if (swap) rewritten.push({ number: GRAPH.node, wire: 2, value: swap });
      else if (!removed.has(node)) rewritten.push(field);
    } else if (field.number === GRAPH.initializer) {
      const name = strings(readFields(field.value as Uint8Array), TENSOR.name)[0] as string;
      if (read.has(name) || outputs.has(name)) rewritten.push(field);
      if (!wroteNewInitialisers) {
        for (const tensor of newInitialisers) rewritten.push({ number: GRAPH.initializer, wire: 2, value: tensor });
        wroteNewInitialisers = true;
      }
    } else rewritten.push(field);
  }
  const left = liveNodes.filter((node) => !replacement.has(node));
  if (left.some((node) => ["MatMulInteger", "DynamicQuantizeLinear", "ConvInteger"].includes(opType(node))))
    throw new Error("Integer kernels are left in the graph after dequantizing");
  const modelOut = modelFields.map((field, i) =>
    i === graphIndex ? { ...field, value: writeFields(rewritten) } : field,
  );
  return {
    bytes: writeFields(modelOut),
    report: { matMuls: replacement.size, droppedNodes: nodes.length - liveNodes.length },
  };
}
