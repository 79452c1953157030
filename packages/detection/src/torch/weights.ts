import { readFile } from "node:fs/promises";
import { modelFiles } from "../models/model-files.js";
import { readCheckpoint, stateDict, type Tensor } from "./checkpoint.js";

export { modelDir } from "../models/model-files.js";

export async function loadStateDict(relativeFile: string, nested: string[] = []): Promise<Map<string, Tensor>> {
  const file = await modelFiles().localPath(relativeFile);
  return stateDict(readCheckpoint(new Uint8Array(await readFile(file))), nested);
}

/** A named tensor as float32, checked against the shape the model code expects. */
export function weight(weights: Map<string, Tensor>, name: string, shape: number[]): Float32Array {
  const tensor = weights.get(name);
  if (!tensor) throw new Error(`Weight '${name}' missing from the checkpoint`);
  if (tensor.shape.length !== shape.length || tensor.shape.some((d, i) => d !== shape[i])) {
    throw new Error(`Weight '${name}' has shape [${tensor.shape}] but [${shape}] was expected`);
  }
  return tensor.toFloat32();
}
