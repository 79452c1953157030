import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readCheckpoint, stateDict, type Tensor } from "./checkpoint.js";

/** Where `npm run setup` put the weights: MODEL_DIR, or .model-cache at the repository root. */
export function modelDir(): string {
  const fromEnv = process.env.MODEL_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../.model-cache");
}

export async function loadStateDict(relativeFile: string, nested: string[] = []): Promise<Map<string, Tensor>> {
  const file = path.join(modelDir(), relativeFile);
  if (!existsSync(file)) throw new Error(`Model weights missing: ${file}. Run \`npm run setup\` first.`);
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
