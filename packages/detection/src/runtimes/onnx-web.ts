import * as ort from "onnxruntime-web/wasm";
import type { OnnxRuntime } from "./onnx-port.js";

/**
 * onnxruntime-web adapter (WebAssembly backend) for the models that run in the person's browser.
 * One thread: a page is not cross-origin isolated, so there is no SharedArrayBuffer for more,
 * and the Node adapter pins one thread too, so both compute the same way.
 */
export function onnxWebRuntime(wasmUrl?: string): OnnxRuntime {
  ort.env.wasm.numThreads = 1;
  // A page serves the .wasm binary beside the bundle; Node (the parity test) finds it in the package.
  if (wasmUrl) ort.env.wasm.wasmPaths = wasmUrl;
  return {
    float32Tensor: (data, dims) => new ort.Tensor("float32", data, dims),
    int64Tensor: (values, dims) => new ort.Tensor("int64", BigInt64Array.from(values), dims),
    sessionFromBytes: (model) =>
      ort.InferenceSession.create(model, { executionProviders: ["wasm"], graphOptimizationLevel: "all" }),
  };
}
