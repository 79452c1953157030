import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { sbiNetFit } from "../fitted/heads.js";
import { Model } from "../models/model.js";
import { ModelFileMissing, modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxRuntime, OnnxSessionLike } from "../runtimes/onnx-port.js";
import { planarUnitRgb } from "./mesonet-input.js";
import { SBI_NET_SIZE } from "./sbi-net-input.js";

/**
 * The face-forgery network (issue 42): EfficientNet-Lite0 trained here on self-blended genuine faces
 * (scripts/training/train-sbi.py, `npm run fit:sbi-net`), committed as a float32 ONNX graph with its
 * SHA-256 and data manifest (packages/detection/weights/). Input: face crops made by sbiNetCrop,
 * interleaved RGB bytes; output: p(blend) per crop, sigmoid of the graph's logit.
 */

export interface SbiNetFile {
  file: string;
  sha256: string;
  bytes: number;
}

export const sbiNetFile: SbiNetFile = sbiNetFit;

/**
 * The graph as the model file source names it. It is committed in the repository (sbiNetFile.file);
 * `npm run setup` copies it here (scripts/model-manifest.json's `committed`), so a deployed function
 * reads it from the model bucket like every other model file.
 */
export const SBI_NET_MODEL_FILE = "sbi-net/sbi-net.onnx";
const GRAPH_INPUT = "crops";
const GRAPH_OUTPUT = "logit";
const CROP_BYTES = 3 * SBI_NET_SIZE * SBI_NET_SIZE;

/** The committed weights are absent or not the pinned file: the signal then says "unknown". */
export class SbiNetWeightsUnusable extends Error {}

export class SbiNet extends Model<Uint8Array[], { logit: number; probability: number }[], OnnxSessionLike> {
  readonly name = "face-forgery-sbi-net";

  constructor(
    /** A path on this machine, else SBI_NET_MODEL_FILE from the process's model file source. */
    readonly file?: string,
    readonly sha256: string = sbiNetFile.sha256,
    private readonly runtime: OnnxRuntime = onnxNodeRuntime,
  ) {
    super();
  }

  protected async load(): Promise<OnnxSessionLike> {
    const file =
      this.file ??
      (await modelFiles()
        .localPath(SBI_NET_MODEL_FILE)
        .catch((error: unknown) => {
          throw error instanceof ModelFileMissing
            ? new SbiNetWeightsUnusable(`The face-forgery network's weights are missing: ${error.file}`)
            : error;
        }));
    if (!existsSync(file)) throw new SbiNetWeightsUnusable(`The face-forgery network's weights are missing: ${file}`);
    const bytes = new Uint8Array(await readFile(file));
    const actual = createHash("sha256").update(bytes).digest("hex");
    if (actual !== this.sha256)
      throw new SbiNetWeightsUnusable(
        `The face-forgery network's weights ${file} have SHA-256 ${actual}; sbi-net.json pins ${this.sha256}`,
      );
    return this.runtime.sessionFromBytes(bytes);
  }

  /** `crops`: SBI_NET_SIZE² interleaved RGB crops (sbiNetCrop), read in one batch. */
  protected async run(
    session: OnnxSessionLike,
    crops: Uint8Array[],
  ): Promise<{ logit: number; probability: number }[]> {
    if (crops.length === 0) return [];
    const batch = new Float32Array(crops.length * CROP_BYTES);
    for (const [i, crop] of crops.entries()) batch.set(planarUnitRgb(crop, SBI_NET_SIZE), i * CROP_BYTES);
    const outputs = await session.run({
      [GRAPH_INPUT]: this.runtime.float32Tensor(batch, [crops.length, 3, SBI_NET_SIZE, SBI_NET_SIZE]),
    });
    const out = outputs[GRAPH_OUTPUT];
    if (!out || out.dims[0] !== crops.length) throw new Error("The face-forgery network gave no logit per crop");
    return Array.from(out.data as Float32Array, (logit) => ({ logit, probability: 1 / (1 + Math.exp(-logit)) }));
  }
}
