import { readFile } from "node:fs/promises";
import path from "node:path";
import { faceApiModelDir } from "../../runtimes/tfjs-wasm.js";

/**
 * face-api's bundled weights read without TensorFlow.js: the tfjs weights manifest names each
 * tensor with its shape and (uint8) quantisation, and the .bin shards hold them back to back.
 * The ONNX ports of face-api's networks load the very same numbers the browser build uses, so a
 * descriptor enrolled in a browser and one computed on the server stay comparable.
 */

export interface NamedTensor {
  shape: number[];
  data: Float32Array;
}

interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: "float32" | "int32";
  quantization?: { dtype: "uint8" | "uint16" | "float16"; scale?: number; min?: number };
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, uint8: 1, uint16: 2 };

function dequantise(entry: ManifestEntry, bytes: Uint8Array): Float32Array {
  const count = entry.shape.reduce((a, b) => a * b, 1);
  const out = new Float32Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const q = entry.quantization;
  if (q) {
    if (q.dtype !== "uint8" && q.dtype !== "uint16")
      throw new Error(`face-api weight ${entry.name}: unsupported quantisation ${q.dtype}`);
    const scale = q.scale ?? 1;
    const min = q.min ?? 0;
    for (let i = 0; i < count; i++)
      out[i] = (q.dtype === "uint8" ? view.getUint8(i) : view.getUint16(i * 2, true)) * scale + min;
  } else if (entry.dtype === "float32") {
    for (let i = 0; i < count; i++) out[i] = view.getFloat32(i * 4, true);
  } else {
    for (let i = 0; i < count; i++) out[i] = view.getInt32(i * 4, true);
  }
  return out;
}

/** Every tensor of one face-api model (e.g. "ssd_mobilenetv1", "face_recognition"), by name. */
export async function loadFaceApiWeights(model: string, dir = faceApiModelDir()): Promise<Map<string, NamedTensor>> {
  const manifest = JSON.parse(await readFile(path.join(dir, `${model}_model-weights_manifest.json`), "utf8")) as {
    paths: string[];
    weights: ManifestEntry[];
  }[];
  const tensors = new Map<string, NamedTensor>();
  for (const group of manifest) {
    const shards = await Promise.all(group.paths.map((p) => readFile(path.join(dir, p))));
    const buffer = new Uint8Array(Buffer.concat(shards));
    let offset = 0;
    for (const entry of group.weights) {
      const count = entry.shape.reduce((a, b) => a * b, 1);
      const size = count * (BYTES[entry.quantization?.dtype ?? entry.dtype] ?? 4);
      if (offset + size > buffer.length)
        throw new Error(`face-api weights for ${model} are truncated at ${entry.name}`);
      tensors.set(entry.name, { shape: entry.shape, data: dequantise(entry, buffer.subarray(offset, offset + size)) });
      offset += size;
    }
  }
  return tensors;
}

/** One tensor, or a clear error naming what the port expected and did not find. */
export function requireTensor(tensors: Map<string, NamedTensor>, name: string): NamedTensor {
  const tensor = tensors.get(name);
  if (!tensor) throw new Error(`face-api weight ${name} is missing`);
  return tensor;
}
