import { createRequire } from "node:module";
import path from "node:path";
import {
  NSFW_CLASSES,
  NSFW_INPUT_SIZE,
  type NsfwClass,
  type NsfwProbabilities,
  resized,
} from "../src/explicit/nsfw-model.js";
import type { RgbImage } from "../src/media/image.js";
import { Model } from "../src/models/model.js";

/**
 * nsfwjs itself on TensorFlow.js's WebAssembly backend in Node: the reference the ONNX graph setup
 * builds from its weights (nsfw-onnx-graph.ts) is held to (test/unit/detection/explicit.test.ts).
 * Never loaded by a deployed function, which runs only that graph (explicit/nsfw-model.ts).
 */

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

/** About 5× slower per picture than the ONNX graph. */
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
