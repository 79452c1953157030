/**
 * ONNX protobuf at the wire level: a message is its list of fields, so a transform that edits some
 * fields copies every other byte through unchanged and in order. That keeps each transform a pure
 * function of the input bytes, so setup can pin its output's SHA-256. Shared by the weight folds
 * (onnx-fold.ts, onnx-dynamic-quantization.ts).
 */

export interface Field {
  number: number;
  wire: 0 | 1 | 2 | 5;
  /** Varint value for wire 0; the raw payload for wire 1, 2 and 5. */
  value: bigint | Uint8Array;
}

export function readFields(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (at >= buf.length) throw new Error("Truncated protobuf varint");
      const byte = buf[at++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      shift += 7n;
      if (byte < 0x80) return result;
    }
  };
  const take = (n: number): Uint8Array => {
    if (at + n > buf.length) throw new Error("Truncated protobuf field");
    const out = buf.subarray(at, at + n);
    at += n;
    return out;
  };
  while (at < buf.length) {
    const key = Number(varint());
    const number = key >>> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ number, wire, value: varint() });
    else if (wire === 2) fields.push({ number, wire, value: take(Number(varint())) });
    else if (wire === 5) fields.push({ number, wire, value: take(4) });
    else if (wire === 1) fields.push({ number, wire, value: take(8) });
    else throw new Error(`Unsupported protobuf wire type ${wire}`);
  }
  return fields;
}

function varintBytes(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  while (v >= 0x80n) {
    out.push(Number((v & 0x7fn) | 0x80n));
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

export function writeFields(fields: Field[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const field of fields) {
    chunks.push(Uint8Array.from(varintBytes(BigInt((field.number << 3) | field.wire))));
    if (field.wire === 0) chunks.push(Uint8Array.from(varintBytes(field.value as bigint)));
    else {
      const payload = field.value as Uint8Array;
      if (field.wire === 2) chunks.push(Uint8Array.from(varintBytes(BigInt(payload.length))));
      chunks.push(payload);
    }
  }
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export const text = (field: Field) => new TextDecoder().decode(field.value as Uint8Array);
export const bytesOf = (value: string) => new TextEncoder().encode(value);
export const strings = (fields: Field[], number: number) => fields.filter((f) => f.number === number).map(text);

// onnx.proto field numbers used below.
export const MODEL_GRAPH = 7;
export const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
export const NODE = { input: 1, output: 2, opType: 4, attribute: 5 } as const;
export const ATTRIBUTE = { name: 1, i: 3 } as const;
export const TENSOR = { dims: 1, dataType: 2, floatData: 4, int32Data: 5, int64Data: 7, name: 8, rawData: 9 } as const;
export const VALUE_INFO_NAME = 1;
export const DT = { float: 1, uint8: 2, int8: 3, int32: 6, int64: 7 } as const;

export interface Tensor {
  dims: number[];
  dataType: number;
  values: Float64Array;
}

function packedOrRepeated(fields: Field[], number: number, decode: (field: Field) => number[]): number[] {
  return fields.filter((f) => f.number === number).flatMap(decode);
}

export function packedVarints(field: Field): bigint[] {
  if (field.wire === 0) return [BigInt.asIntN(64, field.value as bigint)];
  return readFields(prefixAsRepeated(field.value as Uint8Array)).map((f) => BigInt.asIntN(64, f.value as bigint));
}

/** A packed varint payload re-read as repeated field-1 varints (the key byte 0x08 before each). */
function prefixAsRepeated(payload: Uint8Array): Uint8Array {
  const out: number[] = [];
  let start = true;
  for (const byte of payload) {
    if (start) out.push(0x08);
    out.push(byte);
    start = byte < 0x80;
  }
  return Uint8Array.from(out);
}

export function decodeTensor(fields: Field[]): Tensor {
  const dims = packedOrRepeated(fields, TENSOR.dims, (f) => packedVarints(f).map(Number));
  const dataType = Number(fields.find((f) => f.number === TENSOR.dataType)?.value ?? 0n);
  const count = dims.reduce((a, b) => a * b, 1);
  const raw = fields.find((f) => f.number === TENSOR.rawData)?.value as Uint8Array | undefined;
  const values = new Float64Array(count);
  if (raw) {
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    for (let i = 0; i < count; i++) {
      if (dataType === DT.float) values[i] = view.getFloat32(i * 4, true);
      else if (dataType === DT.int8) values[i] = view.getInt8(i);
      else if (dataType === DT.uint8) values[i] = view.getUint8(i);
      else if (dataType === DT.int32) values[i] = view.getInt32(i * 4, true);
      else if (dataType === DT.int64) values[i] = Number(view.getBigInt64(i * 8, true));
      else throw new Error(`Unsupported initialiser data type ${dataType}`);
    }
    return { dims, dataType, values };
  }
  let list: number[];
  if (dataType === DT.float)
    list = packedOrRepeated(fields, TENSOR.floatData, (f) => {
      const b = f.value as Uint8Array;
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      return Array.from({ length: b.byteLength / 4 }, (_, i) => view.getFloat32(i * 4, true));
    });
  else if (dataType === DT.int64)
    list = packedOrRepeated(fields, TENSOR.int64Data, (f) => packedVarints(f).map(Number));
  // int8, uint8 and int32 live in int32_data when not raw.
  else
    list = packedOrRepeated(fields, TENSOR.int32Data, (f) => packedVarints(f).map((v) => Number(BigInt.asIntN(32, v))));
  if (list.length !== count) throw new Error(`Initialiser holds ${list.length} values for ${count} elements`);
  values.set(list);
  return { dims, dataType, values };
}

export function floatTensor(name: string, dims: number[], values: Float32Array): Uint8Array {
  const fields: Field[] = dims.map((d) => ({ number: TENSOR.dims, wire: 0, value: BigInt(d) }));
  fields.push({ number: TENSOR.dataType, wire: 0, value: BigInt(DT.float) });
  fields.push({ number: TENSOR.name, wire: 2, value: bytesOf(name) });
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
  fields.push({ number: TENSOR.rawData, wire: 2, value: raw });
  return writeFields(fields);
}

/** A model's graph read for editing: its fields, its initialisers by name and its nodes with their readers. */
export interface GraphForEdit {
  modelFields: Field[];
  graphIndex: number;
  graph: Field[];
  initialisers: Map<string, Field[]>;
  nodes: Field[][];
  /** Tensor name → the node that writes it. */
  producer: Map<string, Field[]>;
  /** Tensor name → the nodes that read it. */
  consumers: Map<string, Field[][]>;
}

export function readGraph(model: Uint8Array): GraphForEdit {
  const modelFields = readFields(model);
  const graphIndex = modelFields.findIndex((f) => f.number === MODEL_GRAPH);
  if (graphIndex < 0) throw new Error("Not an ONNX model: no graph");
  const graph = readFields(modelFields[graphIndex]?.value as Uint8Array);
  const initialisers = new Map<string, Field[]>();
  for (const field of graph.filter((f) => f.number === GRAPH.initializer)) {
    const tensor = readFields(field.value as Uint8Array);
    initialisers.set(strings(tensor, TENSOR.name)[0] as string, tensor);
  }
  const nodes = graph.filter((f) => f.number === GRAPH.node).map((f) => readFields(f.value as Uint8Array));
  const producer = new Map<string, Field[]>();
  const consumers = new Map<string, Field[][]>();
  for (const node of nodes) {
    for (const output of strings(node, NODE.output)) producer.set(output, node);
    for (const input of strings(node, NODE.input)) consumers.set(input, [...(consumers.get(input) ?? []), node]);
  }
  return { modelFields, graphIndex, graph, initialisers, nodes, producer, consumers };
}
