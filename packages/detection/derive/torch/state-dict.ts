import type { TensorMap } from "../../src/models/tensor-file.js";
import { readCheckpoint, stateDict } from "./checkpoint.js";

/**
 * A PyTorch checkpoint's state dict as float32 tensors (integer and double tensors converted value
 * by value), `nested` selecting a dict inside the checkpoint (e.g. ["model_state"]).
 */
export function readStateDict(bytes: Uint8Array, nested: string[] = []): TensorMap {
  const tensors: TensorMap = new Map();
  for (const [name, tensor] of stateDict(readCheckpoint(bytes), nested))
    tensors.set(name, { shape: tensor.shape, data: tensor.toFloat32() });
  return tensors;
}
