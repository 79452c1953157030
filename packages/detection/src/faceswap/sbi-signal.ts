import type { DecodedImage, RgbImage } from "../media/image.js";
import { Model } from "../models/model.js";
import { getModel, registerModel } from "../models/registry.js";
import type { Box, Signal } from "../result.js";
import { MIN_FACE_PX } from "../synthetic-image/clip-input.js";
import { calibrated, type LinearProbeHead } from "../synthetic-image/linear-probe.js";
import { BLEND_RESIDUAL_FEATURES, blendResidualFeatures } from "./blend-residuals.js";
import headJson from "./sbi-head.json" with { type: "json" };

/**
 * The "face-swap-sbi" signal: a logistic head on the blend-residual ring features of the largest
 * face's crop, fitted on Self-Blended Images of genuine faces only (scripts/fit-face-swap-sbi.ts),
 * so it looks for what any swap leaves (a pasted face whose sharpness, noise and colour part from
 * its surroundings) rather than one method's fingerprint. Plain double arithmetic, no network: the
 * same picture gives the same reading on every CPU, at a few milliseconds per face.
 */

/** A linear probe's fitted file, on the features named by `input` (never L2-normalised: they are ratios). */
export interface SbiHead extends LinearProbeHead {
  input: string;
}

export const sbiHead = headJson as SbiHead;

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
}

/** The head as a registered model, so every caller shares it and a wrong-sized head fails on load. */
export class SbiFaceSwapModel extends Model<SbiInput, SbiReading, SbiHead> {
  readonly name = "face-swap-sbi";

  constructor(readonly head: SbiHead = sbiHead) {
    super();
  }

  protected async load(): Promise<SbiHead> {
    if (this.head.input !== "residual" || this.head.weights.length !== BLEND_RESIDUAL_FEATURES)
      throw new Error(
        `The face-swap SBI head reads ${this.head.weights.length} ${this.head.input} features; this build computes ${BLEND_RESIDUAL_FEATURES} residual ones (refit with npm run fit:face-swap-sbi)`,
      );
    return this.head;
  }

  protected async run(head: SbiHead, input: SbiInput): Promise<SbiReading> {
    const features = blendResidualFeatures(input.pixels, input.box);
    let raw = head.bias;
    for (let i = 0; i < features.length; i++) raw += (head.weights[i] as number) * (features[i] as number);
    return { raw, probability: calibrated(head, raw) };
  }
}

registerModel("face-swap-sbi", () => new SbiFaceSwapModel());

export function sbiFaceSwapModel(): SbiFaceSwapModel {
  return getModel<SbiInput, SbiReading>("face-swap-sbi") as SbiFaceSwapModel;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * The largest face's reading ("unknown" without a face big enough to read). `faces` are boxes in the
 * stored picture's pixels, as every detector reports them.
 */
export async function faceSwapSbiSignal(
  image: DecodedImage,
  faces: { box: Box }[],
  model: SbiFaceSwapModel = sbiFaceSwapModel(),
): Promise<Signal> {
  const largest = faces.reduce<{ box: Box; index: number } | null>(
    (best, face, index) =>
      !best || face.box.width * face.box.height > best.box.width * best.box.height ? { box: face.box, index } : best,
    null,
  );
  if (!largest)
    return {
      id: "face-swap-sbi",
      status: "unknown",
      explanation: "No face was found, so none was examined for a face swap's blending boundary",
      evidence: { faces: 0 },
    };
  const { scale } = image;
  const box = {
    x: largest.box.x * scale,
    y: largest.box.y * scale,
    width: largest.box.width * scale,
    height: largest.box.height * scale,
  };
  if (Math.min(box.width, box.height) < MIN_FACE_PX)
    return {
      id: "face-swap-sbi",
      status: "unknown",
      explanation: `The largest face (${Math.round(largest.box.width)}×${Math.round(largest.box.height)} px) is too small to examine for a face swap's blending boundary`,
      evidence: { face: largest.index, faceBox: largest.box },
    };
  const reading = await model.predict({ pixels: image.pixels, box });
  const point = model.head.operatingPoint;
  const present = reading.probability >= point.threshold;
  const rule = `threshold ${point.threshold.toFixed(3)}, at which ${percent(point.falsePositiveRate)} of genuine faces and ${percent(point.truePositiveRate)} of self-blended ones were flagged on ${point.measuredOn}`;
  const lookedAt = `The blending-boundary detector (fitted on self-blended genuine faces) on the largest face (face ${largest.index}, ${Math.round(largest.box.width)}×${Math.round(largest.box.height)} px, of ${faces.length})`;
  return {
    id: "face-swap-sbi",
    status: present ? "present" : "absent",
    score: reading.probability,
    explanation: present
      ? `${lookedAt}: the face's sharpness, noise or colour part from its surroundings as a pasted face's do (probability ${reading.probability.toFixed(3)}, ${rule})`
      : `${lookedAt}: below the threshold (probability ${reading.probability.toFixed(3)}, ${rule}); this does not prove it genuine`,
    evidence: { rawScore: reading.raw, features: model.head.features, face: largest.index, faceBox: largest.box },
    operatingPoint: point,
  };
}
