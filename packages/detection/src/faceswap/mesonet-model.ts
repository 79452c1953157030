import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { Model } from "../models/model.js";
import { ModelFileMissing, modelFiles } from "../models/model-files.js";
import { onnxNodeRuntime } from "../runtimes/onnx.js";
import type { OnnxRuntime, OnnxSessionLike } from "../runtimes/onnx-port.js";
import { MESONET_INPUT, MESONET_OUTPUT, MESONET_SIZE, type MesoNetVariant } from "./mesonet-input.js";

/** The published Keras weight files, fetched by `npm run setup` (scripts/model-manifest.json), which only setup reads. */
export const MESONET_CHECKPOINT_FILES: Record<MesoNetVariant, string> = {
  meso4: "mesonet/Meso4_DF.h5",
  mesoinception4: "mesonet/MesoInception_DF.h5",
};

/** The ONNX graphs setup derives from them (derive/mesonet-graph.ts): what the runtime loads. */
export const MESONET_FILES: Record<MesoNetVariant, string> = {
  meso4: "mesonet/Meso4_DF.onnx",
  mesoinception4: "mesonet/MesoInception_DF.onnx",
};

/** The weights are not where setup puts them: the signal then says "unknown". */
export class MesoNetWeightsMissing extends ModelFileMissing {}

const CROP_VALUES = 3 * MESONET_SIZE * MESONET_SIZE;

/**
 * One MesoNet variant on onnxruntime: input planar crops [N × 3 × 256 × 256] in [0, 1]
 * (mesonetInput), output the network's own p(real) per crop.
 */
export class MesoNet extends Model<Float32Array, Float32Array, OnnxSessionLike> {
  readonly name: string;

  constructor(
    readonly variant: MesoNetVariant,
    /** A path on this machine, else the variant's file from the process's model file source. */
    readonly file?: string,
    private readonly runtime: OnnxRuntime = onnxNodeRuntime,
  ) {
    super();
    this.name = `mesonet-${variant}`;
  }

  protected async load(): Promise<OnnxSessionLike> {
    const file =
      this.file ??
      (await modelFiles()
        .localPath(MESONET_FILES[this.variant])
        .catch((error: unknown) => {
          throw error instanceof ModelFileMissing ? new MesoNetWeightsMissing(error.file) : error;
        }));
    if (!existsSync(file)) throw new MesoNetWeightsMissing(file);
    return this.runtime.sessionFromBytes(new Uint8Array(await readFile(file)));
  }

  protected async run(session: OnnxSessionLike, crops: Float32Array): Promise<Float32Array> {
    if (crops.length === 0 || crops.length % CROP_VALUES !== 0)
      throw new Error(`MesoNet takes whole 3×${MESONET_SIZE}×${MESONET_SIZE} crops, got ${crops.length} values`);
    const count = crops.length / CROP_VALUES;
    const outputs = await session.run({
      [MESONET_INPUT]: this.runtime.float32Tensor(crops, [count, 3, MESONET_SIZE, MESONET_SIZE]),
    });
    const out = outputs[MESONET_OUTPUT];
    if (!out || out.dims[0] !== count) throw new Error("MesoNet gave no p_real per crop");
    return Float32Array.from(out.data as Float32Array);
  }
}
