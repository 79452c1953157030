import {
  bytesOf,
  decodeTensor,
  type Field,
  floatTensor,
  GRAPH,
  MODEL_GRAPH,
  NODE,
  readFields,
  readGraph,
  strings,
  text,
  writeFields,
} from "./onnx-wire.js";

/**
 * Rewrites each PRelu whose slope is a constant into plain element-wise operators that give the
 * same bits. onnxruntime's CPU PRelu broadcasts a per-channel slope through a generic scalar loop
 * and cannot stay in the blocked (NCHWc) layout of the convolutions around it: in SFace it was 60%
 * of the run (21 ms of CPU an embedding on an AVX-512 EPYC; 9.5 ms after). PRelu(x) is x where
 * x > 0 and fl(s·x) elsewhere; per channel layer:
 * - every slope at most 1: Max(x, s·x). For x > 0, fl(s·x) <= x (s <= 1, rounding is monotone),
 *   and below 0 for s < 0; for x < 0, fl(s·x) >= x. So the maximum is PRelu's value.
 * - every slope at least 1: Min(x, s·x), by the same argument the other way round.
 * - otherwise: Relu(x) + s·Min(x, 0): one of the two terms is exactly zero, the other PRelu's value.
 * Each is an IEEE operation that rounds once, as PRelu's product does, so the result is the same on
 * every CPU; only the sign of an exact zero may differ, which no sum downstream can tell apart.
 * The protobuf is edited at the wire level (onnx-wire.ts): every other byte is copied through.
 */
export function preluAsElementwise(model: Uint8Array): { model: Uint8Array; rewritten: number } {
  const graph = readGraph(model);
  const zero = "prelu_as_elementwise__zero";
  if (graph.initialisers.has(zero) || graph.producer.has(zero)) throw new Error(`The model already names ${zero}`);
  const name = (number: number, value: string): Field => ({ number, wire: 2, value: bytesOf(value) });
  const node = (inputs: string[], output: string, op: string): Field => ({
    number: GRAPH.node,
    wire: 2,
    value: writeFields([
      ...inputs.map((input) => name(NODE.input, input)),
      name(NODE.output, output),
      name(3, `${output}__${op.toLowerCase()}`),
      name(NODE.opType, op),
    ]),
  });
  let rewritten = 0;
  let needsZero = false;
  const edited: Field[] = [];
  for (const field of graph.graph) {
    if (field.number !== GRAPH.node) {
      edited.push(field);
      continue;
    }
    const fields = readFields(field.value as Uint8Array);
    const opType = fields.find((f) => f.number === NODE.opType);
    const [x, slopeName] = strings(fields, NODE.input);
    const [y] = strings(fields, NODE.output);
    const slope = slopeName === undefined ? undefined : graph.initialisers.get(slopeName);
    if (!opType || text(opType) !== "PRelu" || !x || !slopeName || !y || !slope) {
      edited.push(field);
      continue;
    }
    const slopes = [...decodeTensor(slope).values];
    const scaled = `${y}__slope_times_x`;
    if (slopes.every((s) => s <= 1) || slopes.every((s) => s >= 1)) {
      edited.push(node([x, slopeName], scaled, "Mul"));
      edited.push(node([x, scaled], y, slopes.every((s) => s <= 1) ? "Max" : "Min"));
    } else {
      needsZero = true;
      const positive = `${y}__positive_part`;
      const negative = `${y}__negative_part`;
      edited.push(node([x], positive, "Relu"));
      edited.push(node([x, zero], negative, "Min"));
      edited.push(node([negative, slopeName], scaled, "Mul"));
      edited.push(node([positive, scaled], y, "Add"));
    }
    rewritten++;
  }
  if (rewritten === 0) return { model, rewritten };
  if (needsZero) edited.push({ number: GRAPH.initializer, wire: 2, value: floatTensor(zero, [], Float32Array.of(0)) });
  const modelFields = [...graph.modelFields];
  modelFields[graph.graphIndex] = { number: MODEL_GRAPH, wire: 2, value: writeFields(edited) };
  return { model: writeFields(modelFields), rewritten };
}
