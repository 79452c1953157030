import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
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
 * The product runs its network as an ONNX graph on onnxruntime (NsfwOnnxClassifier), which
 * `npm run setup` builds from the package's weights: no deployed function loads nsfwjs or
 * TensorFlow.js (nsfwjs itself, the reference the graph is held to, is derive/nsfwjs-reference.ts).
 * One thread, since a scan worker analyses one item per core.
 */

export const NSFW_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];
export type NsfwProbabilities = Record<NsfwClass, number>;

/** MobileNetV2's input side; nsfwjs stretches the picture to it (no aspect-preserving crop). */
export const NSFW_INPUT_SIZE = 224;

/** The picture stretched to 224×224 as nsfwjs does (no aspect-preserving crop), interleaved 8-bit RGB. */
export async function resized(image: RgbImage): Promise<Buffer> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width: NSFW_INPUT_SIZE, height: NSFW_INPUT_SIZE, fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`nsfwjs input came out with ${info.channels} channels`);
  return data;
}

const byClass = (values: ArrayLike<number>): NsfwProbabilities =>
  Object.fromEntries(NSFW_CLASSES.map((c, i) => [c, values[i] as number])) as NsfwProbabilities;

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
