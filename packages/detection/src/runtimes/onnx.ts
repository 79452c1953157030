import * as ort from "onnxruntime-node";
import type { OnnxRuntime } from "./onnx-port.js";

/**
 * onnxruntime-node adapter: sessions pinned to one intra-op thread, because a Lambda or a scan
 * worker analyses one item per core and extra threads only contend.
 */
export type OnnxSession = ort.InferenceSession;
export type OnnxTensor = ort.Tensor;

export function float32Tensor(data: Float32Array, dims: number[]): OnnxTensor {
  return new ort.Tensor("float32", data, dims);
}

export function int64Tensor(values: bigint[], dims: number[]): OnnxTensor {
  return new ort.Tensor("int64", BigInt64Array.from(values), dims);
}

export async function runOnnx(
  session: OnnxSession,
  feeds: Record<string, OnnxTensor>,
): Promise<Record<string, OnnxTensor>> {
  return session.run(feeds);
}

export async function createOnnxSessionFromBytes(model: Uint8Array): Promise<OnnxSession> {
  return ort.InferenceSession.create(model, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionProviders: ["cpu"],
    graphOptimizationLevel: "all",
  });
}

/** This adapter as the runtime port that runtime-free model code (voice/vad.ts, voice/ge2e.ts) takes. */
export const onnxNodeRuntime: OnnxRuntime = {
  float32Tensor,
  int64Tensor,
  sessionFromBytes: createOnnxSessionFromBytes,
};
