/**
 * Builds the browser voice path into one folder a static host can serve as is:
 *   voice-browser.js  ESM bundle of packages/detection/src/voice/browser.ts (onnxruntime-web, wasm backend)
 *   models/           Silero VAD v5 (from @ricky0123/vad-web) and the GE2E encoder, built from
 *                     .model-cache's Resemblyzer checkpoint by the server's graph builder
 *   wasm/             onnxruntime-web's WebAssembly binary
 * `npm run build:voice-browser [-- --out DIR]` (default dist/voice-browser). A page loads the bundle
 * lazily with import() and calls loadVoiceModels({ models: "<base>/models/", wasm: "<base>/wasm/" }).
 * The weights are written at build time, never committed: `npm run setup` must have run.
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ORT_WASM_BINARY } from "@lg/detection/runtimes/onnx-web";
import { linearLayerBytes } from "@lg/detection/voice/ge2e";
import { VOICE_MODEL_FILES, type VoiceModelBytes } from "@lg/detection/voice/model-files";
import { loadGe2eModelParts, sileroModelPath } from "@lg/detection/voice/models";
import { bundleForBrowser } from "./browser-bundle.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

export interface VoiceBrowserBuild {
  bundle: string;
  bundleBytes: number;
  modelsDir: string;
  modelBytes: number;
  wasmDir: string;
}

/** The model files the browser loads: the very bytes the server's models are made of. */
export async function voiceModelBytes(): Promise<VoiceModelBytes> {
  const ge2e = await loadGe2eModelParts();
  return {
    vad: new Uint8Array(await readFile(sileroModelPath())),
    lstm: ge2e.lstmGraph,
    linear: linearLayerBytes(ge2e.linearW, ge2e.linearB),
  };
}

export async function buildVoiceBrowser(outDir: string): Promise<VoiceBrowserBuild> {
  const bundle = path.join(outDir, "voice-browser.js");
  const bundleBytes = await bundleForBrowser(path.join(repoRoot, "packages/detection/src/voice/browser.ts"), bundle);

  const modelsDir = path.join(outDir, "models");
  await mkdir(modelsDir, { recursive: true });
  const files = await voiceModelBytes();
  let modelBytes = 0;
  for (const [key, file] of Object.entries(VOICE_MODEL_FILES) as [keyof VoiceModelBytes, string][]) {
    await writeFile(path.join(modelsDir, file), files[key]);
    modelBytes += files[key].byteLength;
  }

  const wasmDir = path.join(outDir, "wasm");
  // The package exports no package.json; its main file lies in dist/ beside the binaries.
  const ortDist = path.dirname(require.resolve("onnxruntime-web"));
  await mkdir(wasmDir, { recursive: true });
  await copyFile(path.join(ortDist, ORT_WASM_BINARY), path.join(wasmDir, ORT_WASM_BINARY));

  return { bundle, bundleBytes, modelsDir, modelBytes, wasmDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: { out: { type: "string", default: path.join(repoRoot, "dist/voice-browser") } },
  });
  const built = await buildVoiceBrowser(path.resolve(values.out as string));
  console.log(
    `voice browser bundle: ${built.bundle} (${(built.bundleBytes / 1024).toFixed(0)} KiB), ` +
      `models ${(built.modelBytes / 1024 / 1024).toFixed(1)} MB and wasm beside it`,
  );
}
