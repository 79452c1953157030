import {
  bytesOf,
  type Field,
  GRAPH,
  type GraphForEdit,
  NODE,
  readFields,
  readGraph,
  strings,
  TENSOR,
  writeFields,
} from "../src/runtimes/onnx-wire.js";
import { BLOCK_CLS_OUTPUT, BLOCK_COUNT, PRE_PROJECTION_OUTPUT } from "../src/synthetic-image/clip-block-outputs.js";

/**
 * Exposes CLIP ViT-B/16's class token after each of its 12 transformer blocks, and the projection's
 * input (the final class token after post_layernorm), as extra outputs of the float graph:
 * `block_cls` [12, 768] and `pre_projection_cls` [1, 768]. RINE (Koutlis & Papadopoulos, ECCV
 * 2024) found these intermediate features generalise to unseen generators far better than the
 * final embedding, which is trained to describe what a picture shows, not how its pixels were
 * made. Reading them costs no extra pass: the residual stream is computed anyway, and the added
 * Gather/Concat nodes copy 13 × 768 floats.
 *
 * Run by `npm run setup` (a derived entry of scripts/model-manifest.json, SHA-256 pinned), once for
 * the whole graph (the fit scripts, the golden tests) and once for the analysis's depth, so the
 * runtime loads each as a plain ONNX file. The original graph's nodes, weights and their order are
 * kept, so the outputs it shares with the published graph are the same numbers.
 */

const CLS_INDEX = "lg_cls_index";

/** The residual stream after block i is the output of its second residual Add (HF CLIP's export names). */
const blockOutputNode = (block: number) => `/vision_model/encoder/layers.${block}/Add_1`;
const PRE_PROJECTION_NODE = "/vision_model/post_layernorm/Add_1";
const NODE_NAME = 3;

function node(name: string, op: string, inputs: string[], output: string, axis?: number): Field {
  const fields: Field[] = [
    ...inputs.map((input): Field => ({ number: NODE.input, wire: 2, value: bytesOf(input) })),
    { number: NODE.output, wire: 2, value: bytesOf(output) },
    { number: NODE_NAME, wire: 2, value: bytesOf(name) },
    { number: NODE.opType, wire: 2, value: bytesOf(op) },
  ];
  if (axis !== undefined)
    fields.push({
      number: NODE.attribute,
      wire: 2,
      // AttributeProto: name 1, i 3, type 20 (INT = 2).
      value: writeFields([
        { number: 1, wire: 2, value: bytesOf("axis") },
        { number: 3, wire: 0, value: BigInt(axis) },
        { number: 20, wire: 0, value: 2n },
      ]),
    });
  return { number: GRAPH.node, wire: 2, value: writeFields(fields) };
}

function floatOutput(name: string): Field {
  // ValueInfoProto: name 1, type 2 → TypeProto.tensor_type 1 → elem_type 1 (FLOAT).
  const tensorType = writeFields([{ number: 1, wire: 0, value: 1n }]);
  const type = writeFields([{ number: 1, wire: 2, value: tensorType }]);
  return {
    number: GRAPH.output,
    wire: 2,
    value: writeFields([
      { number: 1, wire: 2, value: bytesOf(name) },
      { number: 2, wire: 2, value: type },
    ]),
  };
}

/** The tensor written by the node of this name; a clear error when the graph is not the expected CLIP export. */
function outputOf(nodes: Field[][], name: string): string {
  const found = nodes.find((n) => strings(n, NODE_NAME)[0] === name);
  const output = found ? strings(found, NODE.output)[0] : undefined;
  if (!output) throw new Error(`CLIP graph has no node ${name}: not the ViT-B/16 export the block outputs expect`);
  return output;
}

/**
 * The graph's fields that the class token after block `throughBlock` depends on: every other node,
 * the weights only they read and the graph's own outputs are dropped, so the runtime never
 * computes the later blocks, the final layer norm or the projection. The kept nodes, their weights
 * and their order are unchanged, so the kept blocks' outputs are those of the whole graph.
 */
function keptThroughBlock(graph: GraphForEdit, throughBlock: number): Field[] {
  const needed = new Set<Field[]>();
  const pending = [outputOf(graph.nodes, blockOutputNode(throughBlock))];
  const readTensors = new Set<string>();
  while (pending.length > 0) {
    const tensor = pending.pop() as string;
    const producer = graph.producer.get(tensor);
    if (!producer || needed.has(producer)) continue;
    needed.add(producer);
    for (const input of strings(producer, NODE.input)) {
      readTensors.add(input);
      pending.push(input);
    }
  }
  let nodeIndex = 0;
  return graph.graph.filter((field) => {
    if (field.number === GRAPH.node) return needed.has(graph.nodes[nodeIndex++] as Field[]);
    if (field.number === GRAPH.output) return false;
    if (field.number === GRAPH.initializer)
      return readTensors.has(strings(readFields(field.value as Uint8Array), TENSOR.name)[0] as string);
    return true;
  });
}

/**
 * `model` with the class-token outputs added. `throughBlock` below the last block gives a graph
 * that stops there: its only output is `block_cls` [throughBlock + 1, 768].
 */
export function withClassTokenOutputs(model: Uint8Array, throughBlock = BLOCK_COUNT - 1): Uint8Array {
  if (!Number.isInteger(throughBlock) || throughBlock < 0 || throughBlock >= BLOCK_COUNT)
    throw new Error(`CLIP has blocks 0-${BLOCK_COUNT - 1}, not ${throughBlock}`);
  const graph = readGraph(model);
  const { nodes } = graph;
  const whole = throughBlock === BLOCK_COUNT - 1;
  const kept = whole ? graph.graph : keptThroughBlock(graph, throughBlock);
  const added: Field[] = [];
  // A scalar int64 0: Gather on axis 1 with it takes the class token and drops the token axis.
  added.push({
    number: GRAPH.initializer,
    wire: 2,
    value: writeFields([
      { number: TENSOR.dataType, wire: 0, value: 7n },
      { number: TENSOR.name, wire: 2, value: bytesOf(CLS_INDEX) },
      { number: TENSOR.rawData, wire: 2, value: new Uint8Array(8) },
    ]),
  });
  const perBlock: string[] = [];
  for (let block = 0; block <= throughBlock; block++) {
    const cls = `lg_block_${block}_cls`;
    added.push(
      node(`lg_block_${block}_cls_gather`, "Gather", [outputOf(nodes, blockOutputNode(block)), CLS_INDEX], cls, 1),
    );
    perBlock.push(cls);
  }
  added.push(node("lg_block_cls_concat", "Concat", perBlock, BLOCK_CLS_OUTPUT, 0));
  added.push(floatOutput(BLOCK_CLS_OUTPUT));
  if (whole)
    added.push(
      node("lg_pre_projection_identity", "Identity", [outputOf(nodes, PRE_PROJECTION_NODE)], PRE_PROJECTION_OUTPUT),
      floatOutput(PRE_PROJECTION_OUTPUT),
    );
  const modelFields = graph.modelFields.map((field, i) =>
    i === graph.graphIndex ? { ...field, value: writeFields([...kept, ...added]) } : field,
  );
  return writeFields(modelFields);
}
