import * as ort from "onnxruntime-web/wasm";
import type { OnnxRuntime } from "./onnx-port.js";

/** The WebAssembly binary onnxruntime-web's bundled build loads. */
export const ORT_WASM_BINARY = "ort-wasm-simd-threaded.wasm";

/**
 * onnxruntime-web adapter (WebAssembly backend) for the models that run in the person's browser.
 * One thread: a page is not cross-origin isolated, so there is no SharedArrayBuffer for more,
 * and the Node adapter pins one thread too, so both compute the same way.
 */
export function onnxWebRuntime(wasmUrl?: string): OnnxRuntime {
  ort.env.wasm.numThreads = 1;
  // A page serves the .wasm binary beside the bundle; Node (the parity test) finds it in the package.
  // Only the binary is named: a folder prefix would also make onnxruntime-web fetch its JS glue
  // from there instead of using the copy inside the bundle.
  if (wasmUrl) ort.env.wasm.wasmPaths = { wasm: `${wasmUrl}${ORT_WASM_BINARY}` };
  return {
    float32Tensor: (data, dims) => new ort.Tensor("float32", data, dims),
    int64Tensor: (values, dims) => new ort.Tensor("int64", BigInt64Array.from(values), dims),
    sessionFromBytes: (model) =>
      ort.InferenceSession.create(model, { executionProviders: ["wasm"], graphOptimizationLevel: "all" }),
  };
}
