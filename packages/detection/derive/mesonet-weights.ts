import { Dataset, File } from "jsfive";

/**
 * MesoNet's published Keras weights (DariusAf/MesoNet, Apache-2.0): weights-only HDF5 files,
 * one group per layer holding `<layer>/<layer>/<name>:0` datasets, read with jsfive (pure
 * JavaScript, so no HDF5 library is needed at run time).
 */

export interface KerasTensor {
  shape: number[];
  data: Float32Array;
}

export type KerasWeights = Map<string, KerasTensor>;

/** Every dataset of a Keras weights file, keyed `<layer>/<name>` (e.g. "conv2d_5/kernel"). */
export function readKerasWeights(bytes: Uint8Array): KerasWeights {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const file = new File(buffer, "weights.h5");
  const weights: KerasWeights = new Map();
  for (const layer of file.keys) {
    // Layers without weights (pooling, dropout) hold an empty group.
    const outer = file.get(layer);
    if (!outer || outer instanceof Dataset || !outer.keys.includes(layer)) continue;
    const path = `${layer}/${layer}`;
    const group = file.get(path);
    if (!group || group instanceof Dataset) continue;
    for (const key of group.keys) {
      const dataset = file.get(`${path}/${key}`);
      if (!(dataset instanceof Dataset)) continue;
      if (dataset.dtype !== "<f4") throw new Error(`${path}/${key}: expected float32, got ${dataset.dtype}`);
      weights.set(`${layer}/${key.replace(/:0$/, "")}`, {
        shape: [...dataset.shape],
        data: Float32Array.from(dataset.value),
      });
    }
  }
  return weights;
}

export function kerasWeight(weights: KerasWeights, name: string, shape: number[]): Float32Array {
  const tensor = weights.get(name);
  if (!tensor) throw new Error(`MesoNet weights lack ${name}`);
  if (tensor.shape.join("x") !== shape.join("x"))
    throw new Error(`MesoNet weight ${name} is [${tensor.shape}], expected [${shape}]`);
  return tensor.data;
}
