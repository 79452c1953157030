/**
 * Builds small ONNX models in memory (protobuf wire format written by hand), so model code can
 * hand its compute-heavy stages (convolutions, recurrent layers) to onnxruntime's optimised
 * kernels while the weights still come from the published PyTorch checkpoints at run time.
 * Only the fields these graphs use are written: nodes, float attributes and initialisers.
 */

class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  private push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  private varint(value: number | bigint): void {
    const out: number[] = [];
    let v = BigInt.asUintN(64, BigInt(value));
    while (v >= 0x80n) {
      out.push(Number((v & 0x7fn) | 0x80n));
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private key(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  int(field: number, value: number | bigint): this {
    this.key(field, 0);
    this.varint(value);
    return this;
  }

  float(field: number, value: number): this {
    this.key(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.key(field, 2);
    this.varint(value.length);
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

export type AttributeValue = number | number[] | { float: number };

interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes: Record<string, AttributeValue>;
}

const FLOAT = 1;
const INT64 = 7;
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

export class OnnxGraphBuilder {
  private readonly nodes: (NodeSpec & { name?: string })[] = [];
  private readonly initialisers = new Map<string, { dims: number[]; data: Float32Array | BigInt64Array }>();
  private readonly inputs: { name: string; dims: (number | string)[] }[] = [];
  private readonly outputs: string[] = [];
  private counter = 0;

  input(name: string, dims: (number | string)[]): string {
    this.inputs.push({ name, dims });
    return name;
  }

  output(name: string): void {
    this.outputs.push(name);
  }

  constant(name: string, data: Float32Array | BigInt64Array, dims: number[]): string {
    const expected = dims.reduce((a, b) => a * b, 1);
    if (expected !== data.length) throw new Error(`Initialiser ${name}: ${data.length} values for dims [${dims}]`);
    this.initialisers.set(name, { dims, data });
    return name;
  }

  /** Adds a node; integer attributes are written as INT, arrays as INTS, {float} as FLOAT. */
  node(
    op: string,
    inputs: string[],
    attributes: Record<string, AttributeValue> = {},
    outputName?: string,
    nodeName?: string,
  ): string {
    const output = outputName ?? `${op.toLowerCase()}_${this.counter++}`;
    this.nodes.push({ op, inputs, outputs: [output], attributes, name: nodeName });
    return output;
  }

  /** Nodes with several outputs (LSTM): returns the output names given. */
  multiNode(
    op: string,
    inputs: string[],
    outputs: string[],
    attributes: Record<string, AttributeValue> = {},
  ): string[] {
    this.nodes.push({ op, inputs, outputs, attributes });
    return outputs;
  }

  build(opset = 17): Uint8Array {
    const model = new ProtoWriter();
    model.int(1, 8); // ir_version
    model.string(2, "likenessguard");
    model.message(8, (w) => w.string(1, "").int(2, opset));
    model.message(7, (graph) => {
      for (const node of this.nodes) {
        graph.message(1, (n) => {
          for (const input of node.inputs) n.string(1, input);
          for (const output of node.outputs) n.string(2, output);
          if (node.name) n.string(3, node.name);
          n.string(4, node.op);
          for (const [name, value] of Object.entries(node.attributes)) {
            n.message(5, (a) => {
              a.string(1, name);
              if (typeof value === "number") a.int(3, value).int(20, ATTR_INT);
              else if (Array.isArray(value)) {
                for (const v of value) a.int(8, v);
                a.int(20, ATTR_INTS);
              } else a.float(2, value.float).int(20, ATTR_FLOAT);
            });
          }
        });
      }
      graph.string(2, "graph");
      for (const [name, { dims, data }] of this.initialisers) {
        graph.message(5, (t) => {
          for (const d of dims) t.int(1, d);
          t.int(2, data instanceof BigInt64Array ? INT64 : FLOAT);
          t.string(8, name);
          t.bytes(9, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        });
      }
      const valueInfo = (field: number, name: string, dims: (number | string)[] | undefined) =>
        graph.message(field, (v) => {
          v.string(1, name);
          v.message(2, (type) =>
            type.message(1, (tensor) => {
              tensor.int(1, FLOAT);
              if (dims)
                tensor.message(2, (shape) => {
                  for (const d of dims)
                    shape.message(1, (dim) => (typeof d === "number" ? dim.int(1, d) : dim.string(2, d)));
                });
            }),
          );
        });
      for (const { name, dims } of this.inputs) valueInfo(11, name, dims);
      for (const name of this.outputs) valueInfo(12, name, undefined);
    });
    return model.finish();
  }
}
