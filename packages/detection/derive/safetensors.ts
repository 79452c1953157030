import type { TensorMap } from "../src/models/tensor-file.js";

/**
 * Writes named float32 tensors in the safetensors layout the runtime reads
 * (src/models/tensor-file.ts). Names are written sorted, so the same tensors always give the same
 * bytes and the file's SHA-256 can be pinned.
 */
export function writeSafetensors(tensors: TensorMap): Uint8Array {
  const names = [...tensors.keys()].sort();
  const header: Record<string, { dtype: "F32"; shape: number[]; data_offsets: [number, number] }> = {};
  let offset = 0;
  for (const name of names) {
    const { shape, data } = tensors.get(name) as { shape: number[]; data: Float32Array };
    header[name] = { dtype: "F32", shape, data_offsets: [offset, offset + data.byteLength] };
    offset += data.byteLength;
  }
  let json = JSON.stringify(header);
  // The format pads the header with spaces so the values start 8-byte aligned.
  json += " ".repeat((8 - ((8 + new TextEncoder().encode(json).length) % 8)) % 8);
  const headerBytes = new TextEncoder().encode(json);
  const out = new Uint8Array(8 + headerBytes.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(headerBytes.length), true);
  out.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const name of names) {
    const { data } = tensors.get(name) as { data: Float32Array };
    out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), at);
    at += data.byteLength;
  }
  return out;
}
