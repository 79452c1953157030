import { directoryModelSource, type ModelFileSource, useModelFileSource } from "@lg/detection/models/model-files";
import { z } from "zod";
import { s3 } from "./clients.js";
import { s3ModelSource } from "./s3-model-files.js";

const ModelFilesEnv = z.object({
  /** `s3://<bucket>` (AWS: copied into MODEL_CACHE_DIR on first use) or a folder; unset: MODEL_DIR or .model-cache. */
  MODEL_SOURCE: z.string().optional(),
  /** JSON `{ "<file>": "<sha256>" }`: the model files this function may load (lib/constructs/model-weights.ts). */
  MODEL_FILES: z
    .string()
    .optional()
    .transform((json) => z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)).parse(JSON.parse(json ?? "{}"))),
  MODEL_CACHE_DIR: z.string().default("/tmp/models"),
});

/**
 * The model file source MODEL_SOURCE names: the same models, from wherever this deployment keeps
 * them. Unset: none, and the detection package reads MODEL_DIR (else .model-cache) at each load.
 */
export function modelFileSourceFromEnv(environment: NodeJS.ProcessEnv = process.env): ModelFileSource | undefined {
  const settings = ModelFilesEnv.parse(environment);
  if (!settings.MODEL_SOURCE) return undefined;
  const bucket = /^s3:\/\/([^/]+)\/?$/.exec(settings.MODEL_SOURCE)?.[1];
  if (bucket) return s3ModelSource({ s3, bucket, files: settings.MODEL_FILES, cacheDir: settings.MODEL_CACHE_DIR });
  return directoryModelSource(settings.MODEL_SOURCE);
}

let installed = false;

/** Installs the configured source for the detection package; the composition modules call it at load. */
export function installModelFileSource(): void {
  if (installed) return;
  const source = modelFileSourceFromEnv();
  if (source) useModelFileSource(source);
  installed = true;
}
