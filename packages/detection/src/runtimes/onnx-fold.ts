import {
  ATTRIBUTE,
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
  type Tensor,
  text,
  VALUE_INFO_NAME,
  writeFields,
} from "./onnx-wire.js";

/**
 * Folds an ONNX model's weight-only block quantization back into plain float32 initialisers, so
 * onnxruntime (which refuses blocked int8 DequantizeLinear on constant weights in these files)
 * can load it, and runs the convolutions on float kernels (about twice as fast as dequantizing at
 * every call). Every DequantizeLinear whose inputs are all initialisers becomes one float32
 * initialiser, and a Reshape of it by a constant shape is folded too; graph inputs nothing reads
 * any more are dropped (onnxruntime would otherwise ask for them), and so are inputs that merely
 * repeat an initialiser (old exporters list weights as inputs, which blocks constant folding). Every other byte of the file
 * is copied through unchanged and in order, so the output is a pure function of the input and
 * setup can pin its SHA-256.
 *
 * The protobuf is read and written at the wire level: a message is its list of fields, so fields
 * this code does not know survive untouched.
 */

function intAttribute(node: Field[], name: string): number | undefined {
  for (const field of node.filter((f) => f.number === NODE.attribute)) {
    const attribute = readFields(field.value as Uint8Array);
    if (strings(attribute, ATTRIBUTE.name)[0] !== name) continue;
    const i = attribute.find((f) => f.number === ATTRIBUTE.i);
    return i ? Number(BigInt.asIntN(64, i.value as bigint)) : undefined;
  }
  return undefined;
}

/**
 * DequantizeLinear on constants: y = (x - zero_point) * scale, where scale and zero_point are
 * per tensor, per axis, or (block_size > 0) per block of `block_size` elements along `axis`.
 */
export function dequantize(x: Tensor, scale: Tensor, zeroPoint: Tensor | undefined, axis: number, blockSize: number) {
  const rank = x.dims.length;
  const along = axis < 0 ? axis + rank : axis;
  const out = new Float32Array(x.values.length);
  const inner = x.dims.slice(along + 1).reduce((a, b) => a * b, 1);
  const axisLength = x.dims[along] ?? 1;
  const scalar = scale.values.length === 1;
  const scaleAxis = blockSize > 0 ? (scale.dims[along] as number) : axisLength;
  if (!scalar && blockSize > 0 && scaleAxis !== Math.ceil(axisLength / blockSize))
    throw new Error(`Block scale has ${scaleAxis} blocks for ${axisLength} values of block ${blockSize}`);
  for (let i = 0; i < out.length; i++) {
    let s = 0;
    if (!scalar) {
      const a = Math.floor(i / inner) % axisLength;
      if (blockSize === 0) s = a;
      else {
        // Blocked: scale has x's shape with the axis shortened to its block count.
        const outer = Math.floor(i / (inner * axisLength));
        s = (outer * scaleAxis + Math.floor(a / blockSize)) * inner + (i % inner);
      }
    }
    const zero = zeroPoint ? (zeroPoint.values[s] as number) : 0;
    out[i] = Math.fround(((x.values[i] as number) - zero) * (scale.values[s] as number));
  }
  return out;
}

export interface FoldReport {
  foldedDequantize: number;
  foldedReshape: number;
  droppedInputs: number;
}

/**
 * Graph input or output name → (dimension index → symbolic name), to free dimensions the exporter
 * fixed; onnxruntime checks inputs against them and warns on every run about outputs.
 */
export type SymbolicDims = Record<string, Record<string, string>>;

/** A ValueInfoProto with the named dimensions of its tensor shape made symbolic. */
function withSymbolicDims(valueInfo: Uint8Array, symbolic: Record<string, string>): Uint8Array {
  const edit = (fields: Field[], number: number, change: (inner: Field[]) => Field[]) =>
    fields.map((f) =>
      f.number === number ? { ...f, value: writeFields(change(readFields(f.value as Uint8Array))) } : f,
    );
  return writeFields(
    edit(readFields(valueInfo), 2, (type) =>
      edit(type, 1, (tensor) =>
        edit(tensor, 2, (shape) => {
          let index = 0;
          return shape.map((dim) => {
            if (dim.number !== 1) return dim;
            const name = symbolic[String(index++)];
            return name ? { ...dim, value: writeFields([{ number: 2, wire: 2, value: bytesOf(name) }]) } : dim;
          });
        }),
      ),
    ),
  );
}

/**
 * Returns the folded model's bytes; throws if anything quantized is left that this cannot fold.
 * `symbolicDims` frees dimensions the exporter fixed (YuNet was exported at 640×640 but is fully
 * convolutional, so it runs at the image's own size and its outputs grow with it).
 */
export function foldBlockQuantizedOnnx(
  model: Uint8Array,
  symbolicDims: SymbolicDims = {},
): { bytes: Uint8Array; report: FoldReport } {
  const { modelFields, graphIndex, graph, initialisers, nodes, consumers } = readGraph(model);

  const removedNodes = new Set<Field[]>();
  const newInitialisers = new Map<string, Uint8Array>();
  const report: FoldReport = { foldedDequantize: 0, foldedReshape: 0, droppedInputs: 0 };
  for (const node of nodes) {
    if (text(node.find((f) => f.number === NODE.opType) as Field) !== "DequantizeLinear") continue;
    const inputs = strings(node, NODE.input).filter((name) => name !== "");
    if (!inputs.every((name) => initialisers.has(name))) continue;
    const [x, scale, zeroPoint] = inputs.map((name) => decodeTensor(initialisers.get(name) as Field[]));
    if (!x || !scale) continue;
    let values = dequantize(
      x,
      scale,
      zeroPoint,
      intAttribute(node, "axis") ?? 1,
      intAttribute(node, "block_size") ?? 0,
    );
    let name = strings(node, NODE.output)[0] as string;
    let dims = x.dims;
    removedNodes.add(node);
    report.foldedDequantize++;
    const readers = consumers.get(name) ?? [];
    const reshape = readers.length === 1 ? readers[0] : undefined;
    if (reshape && text(reshape.find((f) => f.number === NODE.opType) as Field) === "Reshape") {
      const [data, shapeName] = strings(reshape, NODE.input);
      const shape = shapeName ? initialisers.get(shapeName) : undefined;
      if (data === name && shape) {
        const target = Array.from(decodeTensor(shape).values);
        const known = target.reduce((p, d, i) => p * (d === -1 ? 1 : d === 0 ? (dims[i] as number) : d), 1);
        dims = target.map((d, i) => (d === -1 ? values.length / known : d === 0 ? (dims[i] as number) : d));
        name = strings(reshape, NODE.output)[0] as string;
        removedNodes.add(reshape);
        report.foldedReshape++;
      }
    }
    values = Float32Array.from(values);
    newInitialisers.set(name, floatTensor(name, dims, values));
  }

  const remaining = nodes.filter((node) => !removedNodes.has(node));
  if (remaining.some((node) => text(node.find((f) => f.number === NODE.opType) as Field) === "DequantizeLinear"))
    throw new Error("A DequantizeLinear on a computed tensor is left; this fold handles constant weights only");
  const read = new Set(remaining.flatMap((node) => strings(node, NODE.input)));
  const outputs = new Set(
    graph.filter((f) => f.number === GRAPH.output).map((f) => strings(readFields(f.value as Uint8Array), 1)[0]),
  );
  const live = (name: string) => read.has(name) || outputs.has(name);

  const folded: Field[] = [];
  let wroteNewInitialisers = false;
  let nodeIndex = 0;
  for (const field of graph) {
    if (field.number === GRAPH.node) {
      if (!removedNodes.has(nodes[nodeIndex++] as Field[])) folded.push(field);
    } else if (field.number === GRAPH.initializer) {
      const name = strings(readFields(field.value as Uint8Array), TENSOR.name)[0] as string;
      if (live(name)) folded.push(field);
      if (!wroteNewInitialisers) {
        // The folded weights go where the initialisers start, in the order the nodes were folded.
        for (const tensor of newInitialisers.values())
          folded.push({ number: GRAPH.initializer, wire: 2, value: tensor });
        wroteNewInitialisers = true;
      }
    } else if (field.number === GRAPH.input) {
      // An input that is also an initialiser could be overridden at run time, so onnxruntime will
      // not constant-fold through it (no BatchNorm fusion); these weights are never overridden.
      const name = strings(readFields(field.value as Uint8Array), VALUE_INFO_NAME)[0] as string;
      const symbolic = symbolicDims[name];
      if (!live(name) || initialisers.has(name)) report.droppedInputs++;
      else if (symbolic) folded.push({ ...field, value: withSymbolicDims(field.value as Uint8Array, symbolic) });
      else folded.push(field);
    } else if (field.number === GRAPH.output) {
      const name = strings(readFields(field.value as Uint8Array), VALUE_INFO_NAME)[0] as string;
      const symbolic = symbolicDims[name];
      folded.push(symbolic ? { ...field, value: withSymbolicDims(field.value as Uint8Array, symbolic) } : field);
    } else if (field.number === GRAPH.valueInfo) {
      // Shape hints of intermediate tensors: the exporter's fixed sizes would contradict freed dims.
      const name = strings(readFields(field.value as Uint8Array), VALUE_INFO_NAME)[0] as string;
      if (live(name) && Object.keys(symbolicDims).length === 0) folded.push(field);
    } else folded.push(field);
  }
  const modelOut = modelFields.map((field, i) => (i === graphIndex ? { ...field, value: writeFields(folded) } : field));
  return { bytes: writeFields(modelOut), report };
}
