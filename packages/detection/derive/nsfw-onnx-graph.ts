import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { NSFW_ONNX_INPUT, NSFW_ONNX_OUTPUT } from "../src/explicit/nsfw-model.js";
import { OnnxGraphBuilder } from "../src/runtimes/onnx-graph.js";

/**
 * nsfwjs's bundled MobileNetV2 (a Keras 2.2.4 model stored as TensorFlow.js layers JSON with
 * uint8-quantised weights) rebuilt once by `npm run setup` as an ONNX graph
 * (nsfwjs/mobilenet_v2.onnx, SHA-256 pinned), so onnxruntime's kernels run it:
 * on one thread they are several times faster than TensorFlow.js's wasm backend. The layers used
 * are the ones this model has (ZeroPadding2D, Conv2D, DepthwiseConv2D, BatchNormalization, ReLU
 * capped at 6, Add, AveragePooling2D, Flatten, Dense, Dropout); any other fails the build loudly.
 * Input: pictures [N × 3 × 224 × 224], RGB scaled to [0, 1] (nsfwjs divides by 255); output:
 * the five class probabilities [N × 5] in nsfwjs's order.
 */

interface KerasLayer {
  name: string;
  class_name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, unknown][][];
}

interface WeightEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { min: number; scale: number; dtype: string };
}

export interface TfjsLayersModel {
  modelTopology: { model_config: { config: { layers: KerasLayer[]; output_layers: [string, number, number][] } } };
  weightsManifest: { weights: WeightEntry[] }[];
}

/** The weights of a TensorFlow.js manifest from its concatenated binary, dequantised to float32. */
export function dequantisedWeights(model: TfjsLayersModel, binary: Uint8Array): Map<string, Float32Array> {
  const weights = new Map<string, Float32Array>();
  let offset = 0;
  const view = new DataView(binary.buffer, binary.byteOffset, binary.byteLength);
  for (const entry of model.weightsManifest.flatMap((group) => group.weights)) {
    const count = entry.shape.reduce((a, b) => a * b, 1);
    const values = new Float32Array(count);
    if (entry.quantization?.dtype === "uint8") {
      const { min, scale } = entry.quantization;
      for (let i = 0; i < count; i++) values[i] = min + scale * (binary[offset + i] as number);
      offset += count;
    } else if (!entry.quantization && entry.dtype === "float32") {
      for (let i = 0; i < count; i++) values[i] = view.getFloat32(offset + 4 * i, true);
      offset += 4 * count;
    } else throw new Error(`Unsupported weight encoding for ${entry.name}`);
    weights.set(entry.name, values);
  }
  if (offset !== binary.length) throw new Error(`Weights use ${offset} of ${binary.length} bytes`);
  return weights;
}

const pair = (value: unknown): [number, number] => {
  const [a, b] = value as number[];
  return [a as number, b as number];
};

export function buildNsfwGraph(model: TfjsLayersModel, weights: Map<string, Float32Array>): Uint8Array {
  const g = new OnnxGraphBuilder();
  const { layers, output_layers } = model.modelTopology.model_config.config;
  const tensorOf = new Map<string, string>();
  /** ZeroPadding2D outputs, folded into the convolution that reads them: [top, left, bottom, right]. */
  const padded = new Map<string, { input: string; pads: number[] }>();
  const weight = (name: string) => {
    const w = weights.get(name);
    if (!w) throw new Error(`nsfwjs weights lack ${name}`);
    return w;
  };
  const inputOf = (layer: KerasLayer, at = 0): string => {
    const source = layer.inbound_nodes[0]?.[at]?.[0];
    const tensor = source === undefined ? undefined : tensorOf.get(source);
    if (!tensor) throw new Error(`Layer ${layer.name} reads an unknown input`);
    return tensor;
  };
  const convInput = (layer: KerasLayer, kernel: [number, number]) => {
    const source = layer.inbound_nodes[0]?.[0]?.[0] as string;
    const pad = padded.get(source);
    if (pad) return { input: pad.input, pads: pad.pads };
    if (layer.config.padding === "same") {
      if (pair(layer.config.strides)[0] !== 1) throw new Error(`${layer.name}: "same" padding only at stride 1`);
      const [h, w] = [(kernel[0] - 1) / 2, (kernel[1] - 1) / 2];
      return { input: inputOf(layer), pads: [Math.floor(h), Math.floor(w), Math.ceil(h), Math.ceil(w)] };
    }
    return { input: inputOf(layer), pads: [0, 0, 0, 0] };
  };

  for (const layer of layers) {
    const c = layer.config;
    let out: string;
    switch (layer.class_name) {
      case "InputLayer":
        out = g.input(NSFW_ONNX_INPUT, ["batch", 3, 224, 224]);
        break;
      case "ZeroPadding2D": {
        const [[top, bottom], [left, right]] = c.padding as [[number, number], [number, number]];
        padded.set(layer.name, { input: inputOf(layer), pads: [top, left, bottom, right] });
        continue;
      }
      case "Conv2D":
      case "DepthwiseConv2D": {
        const depthwise = layer.class_name === "DepthwiseConv2D";
        if (c.activation !== "linear" || c.use_bias) throw new Error(`${layer.name}: unexpected activation or bias`);
        if (depthwise && c.depth_multiplier !== 1) throw new Error(`${layer.name}: depth multiplier ≠ 1`);
        const [kh, kw] = pair(c.kernel_size);
        const kernel = weight(`${layer.name}/${depthwise ? "depthwise_kernel" : "kernel"}`);
        // Keras [kh, kw, in, out] (depthwise: [kh, kw, channels, 1]) → ONNX [out, in/group, kh, kw].
        const inChannels = depthwise ? kernel.length / (kh * kw) : kernel.length / (kh * kw * (c.filters as number));
        const outChannels = depthwise ? inChannels : (c.filters as number);
        const perGroupIn = depthwise ? 1 : inChannels;
        const onnxKernel = new Float32Array(kernel.length);
        for (let i = 0; i < kh; i++)
          for (let j = 0; j < kw; j++)
            for (let ci = 0; ci < perGroupIn; ci++)
              for (let o = 0; o < outChannels; o++) {
                const from = depthwise
                  ? (i * kw + j) * inChannels + o
                  : ((i * kw + j) * inChannels + ci) * outChannels + o;
                onnxKernel[((o * perGroupIn + ci) * kh + i) * kw + j] = kernel[from] as number;
              }
        const { input, pads } = convInput(layer, [kh, kw]);
        out = g.node("Conv", [input, g.constant(`${layer.name}_w`, onnxKernel, [outChannels, perGroupIn, kh, kw])], {
          kernel_shape: [kh, kw],
          strides: [...pair(c.strides)],
          pads,
          group: depthwise ? inChannels : 1,
        });
        break;
      }
      case "BatchNormalization": {
        const gamma = weight(`${layer.name}/gamma`);
        const channels = gamma.length;
        out = g.node(
          "BatchNormalization",
          [
            inputOf(layer),
            g.constant(`${layer.name}_scale`, gamma, [channels]),
            g.constant(`${layer.name}_bias`, weight(`${layer.name}/beta`), [channels]),
            g.constant(`${layer.name}_mean`, weight(`${layer.name}/moving_mean`), [channels]),
            g.constant(`${layer.name}_var`, weight(`${layer.name}/moving_variance`), [channels]),
          ],
          { epsilon: { float: c.epsilon as number } },
        );
        break;
      }
      case "ReLU": {
        if (c.max_value !== 6 || c.negative_slope !== 0 || c.threshold !== 0)
          throw new Error(`${layer.name}: only ReLU6 is supported`);
        out = g.node("Clip", [
          inputOf(layer),
          g.constant(`${layer.name}_min`, Float32Array.of(0), []),
          g.constant(`${layer.name}_max`, Float32Array.of(6), []),
        ]);
        break;
      }
      case "Add":
        out = g.node("Add", [inputOf(layer, 0), inputOf(layer, 1)]);
        break;
      case "AveragePooling2D":
        if (c.padding !== "valid") throw new Error(`${layer.name}: only "valid" pooling`);
        out = g.node("AveragePool", [inputOf(layer)], {
          kernel_shape: [...pair(c.pool_size)],
          strides: [...pair(c.strides)],
        });
        break;
      case "Flatten":
        // Keras flattens channels-last.
        out = g.node("Flatten", [g.node("Transpose", [inputOf(layer)], { perm: [0, 2, 3, 1] })], { axis: 1 });
        break;
      case "Dense": {
        const units = c.units as number;
        const kernel = weight(`${layer.name}/kernel`);
        const gemm = g.node("Gemm", [
          inputOf(layer),
          g.constant(`${layer.name}_w`, kernel, [kernel.length / units, units]),
          g.constant(`${layer.name}_b`, weight(`${layer.name}/bias`), [units]),
        ]);
        if (c.activation === "relu") out = g.node("Relu", [gemm]);
        else if (c.activation === "softmax") out = g.node("Softmax", [gemm], { axis: 1 });
        else if (c.activation === "linear") out = gemm;
        else throw new Error(`${layer.name}: unsupported activation ${String(c.activation)}`);
        break;
      }
      case "Dropout":
        out = inputOf(layer);
        break;
      default:
        throw new Error(`nsfwjs layer ${layer.name}: ${layer.class_name} is not supported`);
    }
    tensorOf.set(layer.name, out);
  }
  const last = tensorOf.get(output_layers[0]?.[0] ?? "");
  if (!last) throw new Error("nsfwjs model has no output layer");
  g.node("Identity", [last], {}, NSFW_ONNX_OUTPUT);
  g.output(NSFW_ONNX_OUTPUT);
  return g.build();
}

const require = createRequire(import.meta.url);

interface BundledModel {
  MobileNetV2Model: {
    modelJson(): Promise<{ default: TfjsLayersModel }>;
    weightBundles: (() => Promise<{ default: string }>)[];
  };
}

/**
 * One weight shard of nsfwjs's bundled MobileNetV2 (dist/models/mobilenet_v2/group1-shardIofN.min.js,
 * a browserify module exporting the shard as one base64 string). The string is read out of the
 * file rather than the module evaluated: evaluating it takes Node about 16 s, reading it 0.3 s.
 */
async function bundledWeightShard(packageName: string, shard: number, shards: number): Promise<Buffer> {
  const entry = require.resolve(`${packageName}/models/mobilenet_v2`);
  const marker = `${path.sep}dist${path.sep}`;
  const dist = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const file = path.join(dist, "models", "mobilenet_v2", `group1-shard${shard}of${shards}.min.js`);
  const match = /exports="([A-Za-z0-9+/=]+)"/.exec(await readFile(file, "utf8"));
  if (!match?.[1]) throw new Error(`No base64 weights in ${file}`);
  return Buffer.from(match[1], "base64");
}

/** The ONNX graph of the MobileNetV2 the installed npm package bundles (package-lock.json pins its version). */
export async function nsfwGraphFromPackage(packageName = "nsfwjs"): Promise<Uint8Array> {
  const bundle = require(`${packageName}/models/mobilenet_v2`) as BundledModel;
  const model = (await bundle.MobileNetV2Model.modelJson()).default;
  const parts = await Promise.all(
    bundle.MobileNetV2Model.weightBundles.map((_, i, all) => bundledWeightShard(packageName, i + 1, all.length)),
  );
  return buildNsfwGraph(model, dequantisedWeights(model, new Uint8Array(Buffer.concat(parts))));
}
