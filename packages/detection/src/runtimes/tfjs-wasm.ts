import { createRequire } from "node:module";
import path from "node:path";
import type * as FaceApi from "@vladmandic/face-api";

/**
 * face-api on TensorFlow.js's WebAssembly backend in Node: tfjs-node has no binary for this
 * platform and the pure-JS cpu backend is about 23× slower. The node-wasm build of face-api is
 * CommonJS and shares the @tensorflow/tfjs instance the wasm backend registers with, so both are
 * loaded through require. The .wasm files are read from the installed package, never fetched.
 */

export type FaceApiModule = typeof FaceApi;

const require = createRequire(import.meta.url);

let loading: Promise<FaceApiModule> | undefined;

function packageDir(specifier: string, marker: string): string {
  const entry = require.resolve(specifier);
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot locate ${marker} in ${entry}`);
  return entry.slice(0, at + marker.length);
}

export function faceApiModelDir(): string {
  return path.join(packageDir("@vladmandic/face-api", `${path.sep}face-api${path.sep}`), "model");
}

export function loadFaceApiOnWasm(): Promise<FaceApiModule> {
  if (!loading) {
    loading = (async () => {
      const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as FaceApiModule;
      const wasm = require("@tensorflow/tfjs-backend-wasm") as { setWasmPaths(prefix: string): void };
      const wasmDir = path.join(
        packageDir("@tensorflow/tfjs-backend-wasm", `${path.sep}tfjs-backend-wasm${path.sep}`),
        "dist",
      );
      wasm.setWasmPaths(`${wasmDir}${path.sep}`);
      // face-api's bundled typings declare only the tfjs ops it uses itself.
      const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
      await tf.setBackend("wasm");
      await tf.ready();
      return faceapi;
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  }
  return loading;
}
