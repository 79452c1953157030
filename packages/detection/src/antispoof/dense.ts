/** Small dense-layer kernels for AASIST's graph half (matrices are row-major Float32Arrays). */

export interface LinearWeights {
  inDim: number;
  outDim: number;
  /** [outDim × inDim] */
  w: Float32Array;
  b: Float32Array;
}

export function linear(x: Float32Array, rows: number, layer: LinearWeights): Float32Array {
  const { inDim, outDim, w, b } = layer;
  const out = new Float32Array(rows * outDim);
  for (let r = 0; r < rows; r++) {
    const xi = r * inDim;
    for (let o = 0; o < outDim; o++) {
      const wi = o * inDim;
      let sum = b[o] as number;
      for (let i = 0; i < inDim; i++) sum += (w[wi + i] as number) * (x[xi + i] as number);
      out[r * outDim + o] = sum;
    }
  }
  return out;
}

export interface BatchNormWeights {
  scale: Float32Array;
  shift: Float32Array;
}

/** Folds an inference-mode batch norm into y = x·scale + shift per feature. */
export function foldBatchNorm(
  weightParam: Float32Array,
  bias: Float32Array,
  mean: Float32Array,
  variance: Float32Array,
  epsilon = 1e-5,
): BatchNormWeights {
  const scale = new Float32Array(weightParam.length);
  const shift = new Float32Array(weightParam.length);
  for (let i = 0; i < scale.length; i++) {
    const s = (weightParam[i] as number) / Math.sqrt((variance[i] as number) + epsilon);
    scale[i] = s;
    shift[i] = (bias[i] as number) - (mean[i] as number) * s;
  }
  return { scale, shift };
}

export function batchNormInPlace(x: Float32Array, features: number, bn: BatchNormWeights): void {
  for (let i = 0; i < x.length; i++) {
    const f = i % features;
    x[i] = (x[i] as number) * (bn.scale[f] as number) + (bn.shift[f] as number);
  }
}

const SELU_ALPHA = 1.6732632423543772;
const SELU_SCALE = 1.0507009873554805;

export function seluInPlace(x: Float32Array): void {
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    x[i] = SELU_SCALE * (v > 0 ? v : SELU_ALPHA * (Math.exp(v) - 1));
  }
}

/** Softmax over each row of a [rows × cols] matrix, in place. */
export function softmaxRowsInPlace(x: Float32Array, rows: number, cols: number): void {
  for (let r = 0; r < rows; r++) {
    const o = r * cols;
    let max = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < cols; c++) max = Math.max(max, x[o + c] as number);
    let sum = 0;
    for (let c = 0; c < cols; c++) {
      const e = Math.exp((x[o + c] as number) - max);
      x[o + c] = e;
      sum += e;
    }
    for (let c = 0; c < cols; c++) x[o + c] = (x[o + c] as number) / sum;
  }
}

/** [n × n] · [n × d] */
export function mixNodes(attention: Float32Array, x: Float32Array, n: number, d: number): Float32Array {
  const out = new Float32Array(n * d);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = attention[i * n + j] as number;
      for (let k = 0; k < d; k++) out[i * d + k] = (out[i * d + k] as number) + a * (x[j * d + k] as number);
    }
  }
  return out;
}

export function addInPlace(target: Float32Array, other: Float32Array): Float32Array {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) + (other[i] as number);
  return target;
}
