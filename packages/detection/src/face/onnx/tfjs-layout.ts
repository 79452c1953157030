import type { NamedTensor } from "./face-api-weights.js";

/**
 * TensorFlow.js keeps convolution filters as [kh, kw, in, out] and pads "same" convolutions the
 * TensorFlow way (any odd padding goes after); ONNX wants [out, in, kh, kw] and explicit pads.
 * These conversions let face-api's weights drive onnxruntime's Conv unchanged in meaning.
 */

export interface OnnxWeight {
  data: Float32Array;
  dims: number[];
}

function shape4(tensor: NamedTensor): [number, number, number, number] {
  const [kh, kw, cin, cout] = tensor.shape;
  if (kh === undefined || kw === undefined || cin === undefined || cout === undefined || tensor.shape.length !== 4)
    throw new Error(`Expected a 4-d convolution filter, got shape [${tensor.shape}]`);
  return [kh, kw, cin, cout];
}

/** A conv2d filter [kh, kw, in, out] as an ONNX Conv weight [out, in, kh, kw]. */
export function convFilter(tensor: NamedTensor): OnnxWeight {
  const [kh, kw, cin, cout] = shape4(tensor);
  const data = new Float32Array(tensor.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++)
          data[((o * cin + i) * kh + y) * kw + x] = tensor.data[((y * kw + x) * cin + i) * cout + o] as number;
  return { data, dims: [cout, cin, kh, kw] };
}

/** A depthwise filter [kh, kw, channels, 1] as a grouped ONNX Conv weight [channels, 1, kh, kw]. */
export function depthwiseFilter(tensor: NamedTensor): OnnxWeight {
  const [kh, kw, channels, multiplier] = shape4(tensor);
  if (multiplier !== 1) throw new Error(`Depthwise channel multiplier ${multiplier} is not supported`);
  const { data } = convFilter({ shape: [kh, kw, 1, channels], data: tensor.data });
  return { data, dims: [channels, 1, kh, kw] };
}

/** ONNX pads [top, left, bottom, right] of a TensorFlow "same" convolution over a square input. */
export function samePads(size: number, kernel: number, stride: number): number[] {
  const out = Math.ceil(size / stride);
  const total = Math.max((out - 1) * stride + kernel - size, 0);
  const before = Math.floor(total / 2);
  return [before, before, total - before, total - before];
}

/** Spatial size after a TensorFlow "same" (ceil) or "valid" layer of this kernel and stride. */
export function outputSize(size: number, kernel: number, stride: number, padding: "same" | "valid"): number {
  return padding === "same" ? Math.ceil(size / stride) : Math.ceil((size - kernel + 1) / stride);
}
