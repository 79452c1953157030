import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { getModel, registerModel } from "../models/registry.js";

/**
 * nsfwjs 4.4.0 (MIT, infinitered/nsfwjs): a MobileNetV2 classifier of pictures into Drawing,
 * Hentai, Neutral, Porn and Sexy, its weights bundled in the npm package (nothing is fetched).
 * It runs on TensorFlow.js's WebAssembly backend in Node, as face-api does (runtimes/tfjs-wasm.ts):
 * tfjs-node has no binary for this platform and the pure-JS cpu backend is about 20× slower.
 * One WebAssembly thread, since a scan worker analyses one item per core.
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

function wasmDir(): string {
  const entry = require.resolve("@tensorflow/tfjs-backend-wasm");
  const marker = `${path.sep}tfjs-backend-wasm${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot locate tfjs-backend-wasm in ${entry}`);
  return path.join(entry.slice(0, at + marker.length), "dist");
}

export class NsfwClassifier extends Model<RgbImage, NsfwProbabilities, Loaded> {
  readonly name = "nsfwjs-mobilenet-v2";

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
    const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .resize({ width: NSFW_INPUT_SIZE, height: NSFW_INPUT_SIZE, fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`nsfwjs input came out with ${info.channels} channels`);
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

registerModel("nsfwjs-mobilenet-v2", () => new NsfwClassifier());

/** The process's shared explicit-content classifier, loaded on first use. */
export function nsfwClassifier(): NsfwClassifier {
  return getModel<RgbImage, NsfwProbabilities>("nsfwjs-mobilenet-v2") as NsfwClassifier;
}
