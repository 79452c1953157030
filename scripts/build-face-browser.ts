/**
 * Builds the browser face path into one folder a static host can serve as is:
 *   face-browser.js  ESM bundle of packages/detection/src/face/browser.ts (face-api + tfjs wasm backend)
 *   models/          the three face-api networks the pipeline loads (manifests and weights)
 *   wasm/            tfjs-backend-wasm's binaries (plain, SIMD, threaded SIMD)
 * `npm run build:face-browser [-- --out DIR]` (default dist/face-browser). A page loads the bundle
 * lazily with import() and calls loadFaceModels({ models: "<base>/models/", wasm: "<base>/wasm/" }),
 * so none of it is in the web app's initial JavaScript.
 */
import { copyFile, mkdir, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { FACE_API_NETS } from "../packages/detection/src/face/face-api-pipeline.js";
import { bundleForBrowser } from "./browser-bundle.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/** face-api's file stem for each network the pipeline loads. */
const MODEL_FILES: Record<(typeof FACE_API_NETS)[number], string> = {
  ssdMobilenetv1: "ssd_mobilenetv1_model",
  faceLandmark68Net: "face_landmark_68_model",
  faceRecognitionNet: "face_recognition_model",
};

export interface FaceBrowserBuild {
  bundle: string;
  bundleBytes: number;
  modelsDir: string;
  wasmDir: string;
}

export async function buildFaceBrowser(outDir: string): Promise<FaceBrowserBuild> {
  const bundle = path.join(outDir, "face-browser.js");
  const bundleBytes = await bundleForBrowser(path.join(repoRoot, "packages/detection/src/face/browser.ts"), bundle);

  const modelsDir = path.join(outDir, "models");
  const faceApiModels = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
  await mkdir(modelsDir, { recursive: true });
  for (const net of FACE_API_NETS) {
    const stem = MODEL_FILES[net];
    for (const file of [`${stem}-weights_manifest.json`, `${stem}.bin`])
      await copyFile(path.join(faceApiModels, file), path.join(modelsDir, file));
  }

  const wasmDir = path.join(outDir, "wasm");
  const wasmSource = path.join(path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json")), "dist");
  await mkdir(wasmDir, { recursive: true });
  for (const file of await readdir(wasmSource))
    if (file.endsWith(".wasm")) await copyFile(path.join(wasmSource, file), path.join(wasmDir, file));

  return { bundle, bundleBytes, modelsDir, wasmDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: { out: { type: "string", default: path.join(repoRoot, "dist/face-browser") } },
  });
  const built = await buildFaceBrowser(path.resolve(values.out as string));
  console.log(
    `face browser bundle: ${built.bundle} (${(built.bundleBytes / 1024).toFixed(0)} KiB), models and wasm beside it`,
  );
}
