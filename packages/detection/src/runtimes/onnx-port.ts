/**
 * What model code needs of an ONNX runtime, so one model implementation runs on onnxruntime-node
 * (runtimes/onnx.ts, Lambda and the local stack) and on onnxruntime-web (runtimes/onnx-web.ts, the
 * person's browser in zero-knowledge mode). Both runtimes share onnxruntime-common's API; this port
 * names the few calls the models make, so model modules import neither runtime.
 */
export interface OnnxTensorLike {
  readonly data: unknown;
  readonly dims: readonly number[];
}

export interface OnnxSessionLike {
  run(feeds: Record<string, OnnxTensorLike>): Promise<Record<string, OnnxTensorLike>>;
}

export interface OnnxTensors {
  float32Tensor(data: Float32Array, dims: number[]): OnnxTensorLike;
  int64Tensor(values: bigint[], dims: number[]): OnnxTensorLike;
}

/** A runtime: builds tensors and opens sessions from a model's bytes. */
export interface OnnxRuntime extends OnnxTensors {
  sessionFromBytes(model: Uint8Array): Promise<OnnxSessionLike>;
}
