import { readFile } from "node:fs/promises";
import { modelFiles } from "./model-files.js";

/**
 * Named float32 tensors in the safetensors layout (an 8-byte little-endian header length, a JSON
 * header naming each tensor's dtype, shape and byte range, then the raw little-endian values):
 * the weights `npm run setup` takes out of a checkpoint for the parts of a model that run in
 * TypeScript rather than in an ONNX graph (AASIST's graph attention, GE2E's projection). Only
 * F32 is written (packages/detection/derive/safetensors.ts), so only F32 is read.
 */

export interface NamedTensor {
  shape: number[];
  data: Float32Array;
}

export type TensorMap = Map<string, NamedTensor>;

interface HeaderEntry {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

export function readSafetensors(bytes: Uint8Array): TensorMap {
  if (bytes.length < 8) throw new Error("Tensor file shorter than its header length");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (8 + headerLength > bytes.length) throw new Error("Tensor file truncated inside its header");
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Record<
    string,
    HeaderEntry
  >;
  const body = bytes.subarray(8 + headerLength);
  const tensors: TensorMap = new Map();
  for (const [name, entry] of Object.entries(header)) {
    if (name === "__metadata__") continue;
    if (entry.dtype !== "F32") throw new Error(`Tensor ${name} is ${entry.dtype}; only F32 is read`);
    const [start, end] = entry.data_offsets;
    const count = entry.shape.reduce((a, b) => a * b, 1);
    if (end > body.length || end - start !== count * 4) throw new Error(`Tensor ${name} has a wrong byte range`);
    // Copied out, so each tensor is aligned and owns its memory.
    const data = new Float32Array(body.slice(start, end).buffer);
    tensors.set(name, { shape: entry.shape, data });
  }
  return tensors;
}

/** A tensor file from the process's model file source. */
export async function loadTensorFile(relativeFile: string): Promise<TensorMap> {
  return readSafetensors(new Uint8Array(await readFile(await modelFiles().localPath(relativeFile))));
}

/** A named tensor, checked against the shape the model code expects. */
export function weight(weights: TensorMap, name: string, shape: number[]): Float32Array {
  const tensor = weights.get(name);
  if (!tensor) throw new Error(`Weight '${name}' missing from the checkpoint`);
  if (tensor.shape.length !== shape.length || tensor.shape.some((d, i) => d !== shape[i])) {
    throw new Error(`Weight '${name}' has shape [${tensor.shape}] but [${shape}] was expected`);
  }
  return tensor.data;
}
