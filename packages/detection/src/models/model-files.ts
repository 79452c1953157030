import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A model file the source cannot provide: the signals that need it say "unknown". */
export class ModelFileMissing extends Error {
  constructor(
    readonly file: string,
    where = "",
  ) {
    super(`Model file missing: ${file}${where ? ` (${where})` : ""}. Run \`npm run setup\` first.`);
    this.name = "ModelFileMissing";
  }
}

/**
 * Where model weights come from (a port): a folder on this machine (the local stack, tests, scripts),
 * or an object store copied into local storage on first use (Lambda, lambdas/src/shared/aws/model-files.ts).
 * Models name their files relative to the model root (`clip/clip_encoder.fp32.onnx`) and load from
 * the path this gives; they never know which source it is.
 */
export interface ModelFileSource {
  /** A path on this machine holding the file's verified bytes; ModelFileMissing when the source lacks it. */
  localPath(file: string): Promise<string>;
  /** Whether the source has the file at all, without fetching it (what a signal may promise to read). */
  offers(file: string): boolean;
}

/** Files read in place from a folder `npm run setup` filled and verified by SHA-256. */
export function directoryModelSource(dir: string): ModelFileSource {
  const full = (file: string) => path.join(dir, file);
  return {
    offers: (file) => existsSync(full(file)),
    async localPath(file) {
      if (!existsSync(full(file))) throw new ModelFileMissing(full(file));
      return full(file);
    },
  };
}

/** Where `npm run setup` puts the weights: MODEL_DIR, or .model-cache at the repository root. */
export function modelDir(): string {
  const fromEnv = process.env.MODEL_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../.model-cache");
}

let configured: ModelFileSource | undefined;

/**
 * The process's model file source: the one the composition root installed, else the folder
 * MODEL_DIR names at this call (.model-cache by default).
 */
export function modelFiles(): ModelFileSource {
  return configured ?? directoryModelSource(modelDir());
}

/** Installs the process's source; called once by a composition root before any model loads. */
export function useModelFileSource(source: ModelFileSource): void {
  configured = source;
}
