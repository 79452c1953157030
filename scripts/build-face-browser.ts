/**
 * Builds the browser face path into one folder a static host can serve as is:
 *   face-browser.js  ESM bundle of packages/detection/src/face/browser.ts (the server's YuNet + SFace
 *                    pipeline code on onnxruntime-web, wasm backend)
 *   models/          the block-quantized YuNet and SFace files setup fetched (MODEL_DIR) and
 *                    face-models.json: how the page folds each and the SHA-256 the result must have
 *   wasm/            onnxruntime-web's WebAssembly binary
 * `npm run build:face-browser [-- --out DIR]` (default dist/face-browser). A page loads the bundle
 * lazily with import() and calls loadFaceModels({ models: "<base>/models/", wasm: "<base>/wasm/" }),
 * so none of it is in the web app's initial JavaScript.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type BrowserFaceModel, FACE_MODELS_INDEX } from "@lg/detection/face/browser-models";
import { SFACE_FILE, YUNET_FILE } from "@lg/detection/face/face-pipeline";
import { modelDir } from "@lg/detection/models/model-files";
import { ORT_WASM_BINARY } from "@lg/detection/runtimes/onnx-web";
import { bundleForBrowser } from "./browser-bundle.js";
import { loadDerived } from "./setup-models.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

export interface FaceBrowserBuild {
  bundle: string;
  bundleBytes: number;
  modelsDir: string;
  modelBytes: number;
  wasmDir: string;
}

export async function buildFaceBrowser(outDir: string): Promise<FaceBrowserBuild> {
  const bundle = path.join(outDir, "face-browser.js");
  const bundleBytes = await bundleForBrowser(path.join(repoRoot, "packages/detection/src/face/browser.ts"), bundle);

  const modelsDir = path.join(outDir, "models");
  const wasmDir = path.join(outDir, "wasm");
  // A folder built before holds files nothing loads any more (face-api's weights, tfjs binaries).
  await rm(modelsDir, { recursive: true, force: true });
  await rm(wasmDir, { recursive: true, force: true });
  await mkdir(modelsDir, { recursive: true });
  let modelBytes = 0;
  const derived = await loadDerived();
  const models: BrowserFaceModel[] = [];
  for (const file of [YUNET_FILE, SFACE_FILE]) {
    const entry = derived.find((d) => d.file === file);
    if (!entry) throw new Error(`scripts/model-manifest.json derives no ${file}`);
    const source = path.join(modelDir(), entry.from);
    if (!existsSync(source)) throw new Error(`Face model missing: ${source}. Run \`npm run setup\` first.`);
    await copyFile(source, path.join(modelsDir, path.basename(entry.from)));
    modelBytes += (await stat(source)).size;
    models.push({
      file: path.basename(entry.from),
      sha256: entry.sha256,
      symbolicDims: entry.derivation.kind === "fold-block-quantized-onnx" ? (entry.derivation.symbolicDims ?? {}) : {},
    });
  }
  await writeFile(path.join(modelsDir, FACE_MODELS_INDEX), `${JSON.stringify({ models }, null, 2)}\n`);

  // The package exports no package.json; its main file lies in dist/ beside the binaries.
  const ortDist = path.dirname(require.resolve("onnxruntime-web"));
  await mkdir(wasmDir, { recursive: true });
  await copyFile(path.join(ortDist, ORT_WASM_BINARY), path.join(wasmDir, ORT_WASM_BINARY));

  return { bundle, bundleBytes, modelsDir, modelBytes, wasmDir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: { out: { type: "string", default: path.join(repoRoot, "dist/face-browser") } },
  });
  const built = await buildFaceBrowser(path.resolve(values.out as string));
  console.log(
    `face browser bundle: ${built.bundle} (${(built.bundleBytes / 1024).toFixed(0)} KiB), ` +
      `models ${(built.modelBytes / 1024 / 1024).toFixed(1)} MB and wasm beside it`,
  );
}
