import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { ModelFileMissing, modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxRuntime, OnnxSessionLike } from "../runtimes/onnx-port.js";

/** The graph's input (pictures [N × 3 × 224 × 224], RGB / 255) and output (the five class probabilities). */
export const NSFW_ONNX_INPUT = "pictures";
export const NSFW_ONNX_OUTPUT = "probabilities";
/** The graph `npm run setup` builds from nsfwjs's bundled weights (derive/nsfw-onnx-graph.ts). */
export const NSFW_MODEL_FILE = "nsfwjs/mobilenet_v2.onnx";

/**
 * nsfwjs 4.4.0 (MIT, infinitered/nsfwjs): a MobileNetV2 classifier of pictures into Drawing,
 * Hentai, Neutral, Porn and Sexy, its weights bundled in the npm package (nothing is fetched).
 * The product runs its network as an ONNX graph on onnxruntime (NsfwOnnxClassifier); nsfwjs
 * itself runs on TensorFlow.js's WebAssembly backend in Node (NsfwTfjsClassifier, set up as
 * face-api is in runtimes/tfjs-wasm.ts) as the reference. One thread each, since a scan worker
 * analyses one item per core.
 */

export const NSFW_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];
export type NsfwProbabilities = Record<NsfwClass, number>;

/** MobileNetV2's input side; nsfwjs stretches the picture to it (no aspect-preserving crop). */
export const NSFW_INPUT_SIZE = 224;

const require = createRequire(import.meta.url);

interface Tensor3D {
  dispose(): void;
}
interface TfjsCore {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  tensor3d(values: Int32Array, shape: [number, number, number], dtype: "int32"): Tensor3D;
}
interface NsfwjsClassifier {
  classify(image: Tensor3D, topk?: number): Promise<{ className: NsfwClass; probability: number }[]>;
}
interface NsfwjsModule {
  load(model: "MobileNetV2"): Promise<NsfwjsClassifier>;
}

interface Loaded {
  tf: TfjsCore;
  classifier: NsfwjsClassifier;
}

/** The picture stretched to 224×224 as nsfwjs does (no aspect-preserving crop), interleaved 8-bit RGB. */
async function resized(image: RgbImage): Promise<Buffer> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: NSFW_INPUT_SIZE, height: NSFW_INPUT_SIZE, fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`nsfwjs input came out with ${info.channels} channels`);
  return data;
}

const byClass = (values: ArrayLike<number>): NsfwProbabilities =>
  Object.fromEntries(NSFW_CLASSES.map((c, i) => [c, values[i] as number])) as NsfwProbabilities;

function wasmDir(): string {
  const entry = require.resolve("@tensorflow/tfjs-backend-wasm");
  const marker = `${path.sep}tfjs-backend-wasm${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot locate tfjs-backend-wasm in ${entry}`);
  return path.join(entry.slice(0, at + marker.length), "dist");
}

/**
 * nsfwjs itself on TensorFlow.js's wasm backend: the reference the ONNX rebuild is held to
 * (test/unit/detection/explicit-onnx.test.ts), about 5× slower than it per picture.
 */
export class NsfwTfjsClassifier extends Model<RgbImage, NsfwProbabilities, Loaded> {
  readonly name = "nsfwjs-mobilenet-v2-tfjs";

  /** `packageName`: the npm package bundling the model (nsfwjs); load fails if it is not installed. */
  constructor(private readonly packageName = "nsfwjs") {
    super();
  }

  protected async load(): Promise<Loaded> {
    // CommonJS builds throughout, so nsfwjs, the wasm backend and face-api share one tfjs instance.
    const tf = require("@tensorflow/tfjs") as TfjsCore;
    const wasm = require("@tensorflow/tfjs-backend-wasm") as {
      setWasmPaths(prefix: string): void;
      setThreadsCount(count: number): void;
    };
    if (tf.getBackend() !== "wasm") {
      wasm.setWasmPaths(`${wasmDir()}${path.sep}`);
      wasm.setThreadsCount(1);
      await tf.setBackend("wasm");
    }
    await tf.ready();
    const nsfwjs = require(this.packageName) as NsfwjsModule;
    // nsfwjs announces the bundled model on the console at every load.
    const log = console.log;
    console.log = () => {};
    try {
      return { tf, classifier: await nsfwjs.load("MobileNetV2") };
    } finally {
      console.log = log;
    }
  }

  /** The five class probabilities of one picture (the analysis copy). */
  protected async run({ tf, classifier }: Loaded, image: RgbImage): Promise<NsfwProbabilities> {
    const data = await resized(image);
    const input = tf.tensor3d(Int32Array.from(data), [NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 3], "int32");
    try {
      const predictions = await classifier.classify(input, NSFW_CLASSES.length);
      const out = Object.fromEntries(NSFW_CLASSES.map((c) => [c, 0])) as NsfwProbabilities;
      for (const { className, probability } of predictions) out[className] = probability;
      return out;
    } finally {
      input.dispose();
    }
  }
}

/** What the explicit-content finding needs of a classifier. */
export type NsfwClassifier = Model<RgbImage, NsfwProbabilities>;

/**
 * The same network and weights as an ONNX graph on onnxruntime (built once by `npm run setup`,
 * derive/nsfw-onnx-graph.ts): the product's explicit-content classifier.
 */
export class NsfwOnnxClassifier extends Model<RgbImage, NsfwProbabilities, OnnxSessionLike> {
  readonly name = "nsfwjs-mobilenet-v2";

  constructor(
    /** A path on this machine, else NSFW_MODEL_FILE from the process's model file source. */
    private readonly file?: string,
    private readonly runtime: OnnxRuntime = onnxNodeRuntime,
  ) {
    super();
  }

  protected async load(): Promise<OnnxSessionLike> {
    const file = this.file ?? (await modelFiles().localPath(NSFW_MODEL_FILE));
    if (!existsSync(file)) throw new ModelFileMissing(file);
    return this.runtime.sessionFromBytes(new Uint8Array(await readFile(file)));
  }

  protected async run(session: OnnxSessionLike, image: RgbImage): Promise<NsfwProbabilities> {
    const rgb = await resized(image);
    const plane = NSFW_INPUT_SIZE * NSFW_INPUT_SIZE;
    const input = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) input[c * plane + i] = (rgb[i * 3 + c] as number) / 255;
    const outputs = await session.run({
      [NSFW_ONNX_INPUT]: this.runtime.float32Tensor(input, [1, 3, NSFW_INPUT_SIZE, NSFW_INPUT_SIZE]),
    });
    const out = outputs[NSFW_ONNX_OUTPUT];
    if (!out || out.dims[1] !== NSFW_CLASSES.length) throw new Error("nsfwjs graph gave no 5-class output");
    return byClass(out.data as Float32Array);
  }
}
