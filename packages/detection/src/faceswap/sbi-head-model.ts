import { sbiHeadFit } from "../fitted/heads.js";
import type { RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import type { Box } from "../result.js";
import { HIDDEN_SIZE } from "../synthetic-image/clip-block-outputs.js";
import { calibrated, type LinearProbeHead, probeInput } from "../synthetic-image/linear-probe.js";
import type { SyntheticLevel, VerdictLevel } from "../synthetic-levels.js";
import { BLEND_RESIDUAL_FEATURES, blendResidualFeatures } from "./blend-residuals.js";

/**
 * The face-swap SBI head as a model (the signal around it is sbi-signal.ts): a logistic probe on
 * the largest face's crop, reading CLIP block tokens or the blend-residual ring features.
 */

/** A linear probe's fitted file, on the features named by `input`. */
export interface SbiHead extends LinearProbeHead {
  /**
   * "clip-blocks": the crop's class tokens after `clipBlocks`, each L2-normalised and concatenated;
   * "residual": the ring features as computed (never L2-normalised: they are ratios).
   */
  input: "residual" | "clip-blocks";
  /**
   * The verdict levels of its probability (synthetic-levels.ts), measured on genuine faces of every
   * source, each scored by a head fitted without that source (scripts/fit-face-swap-sbi.ts).
   */
  levels?: { synthetic: VerdictLevel; possible: VerdictLevel };
  /**
   * The highest level it may state, set by the fit from ../shared/data's genuine faces (never fitted
   * on): "synthetic" only if that level flagged none of them, "possibly-synthetic" only if that level
   * flagged at most 5%; "no-evidence" keeps it out of the verdict (analyseMedia does not compute it).
   */
  speaksAt?: SyntheticLevel;
}

export const sbiHead: SbiHead = sbiHeadFit;

export interface SbiReading {
  raw: number;
  /** Platt-calibrated probability of a swapped face. */
  probability: number;
}

export interface SbiInput {
  /** The analysis copy. */
  pixels: RgbImage;
  /** The face box in the analysis copy's pixels. */
  box: Box;
  /** The face crop's CLIP pass (faceCropFeatures): required when the head reads CLIP blocks. */
  clip?: { blockCls: Float32Array[] };
}

const inputSize = (head: SbiHead) =>
  head.input === "clip-blocks" ? (head.clipBlocks?.length ?? 0) * HIDDEN_SIZE : BLEND_RESIDUAL_FEATURES;

/** The head as a registered model, so every caller shares it and a wrong-sized head fails on load. */
export class SbiFaceSwapModel extends Model<SbiInput, SbiReading, SbiHead> {
  readonly name = "face-swap-sbi";

  constructor(readonly head: SbiHead = sbiHead) {
    super();
  }

  protected async load(): Promise<SbiHead> {
    const known = this.head.input === "residual" || (this.head.input === "clip-blocks" && this.head.clipBlocks?.length);
    if (!known || this.head.weights.length !== inputSize(this.head))
      throw new Error(
        `The face-swap SBI head has ${this.head.weights.length} weights for ${this.head.input} features${this.head.clipBlocks ? ` (blocks ${this.head.clipBlocks.join(", ")})` : ""}; this build computes ${inputSize(this.head)} (refit with npm run fit:face-swap-sbi)`,
      );
    return this.head;
  }

  protected async run(head: SbiHead, input: SbiInput): Promise<SbiReading> {
    let features: ArrayLike<number>;
    if (head.input === "clip-blocks") {
      if (!input.clip) throw new Error("The face-swap SBI head reads CLIP block tokens of the face crop; none given");
      features = probeInput(head, { embeds: new Float32Array(0), blockCls: input.clip.blockCls });
    } else features = blendResidualFeatures(input.pixels, input.box);
    let raw = head.bias;
    for (let i = 0; i < features.length; i++) raw += (head.weights[i] as number) * (features[i] as number);
    return { raw, probability: calibrated(head, raw) };
  }
}
