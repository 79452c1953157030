import type { OperatingPoint } from "../result.js";

/**
 * A fitted linear probe on L2-normalised embeddings, Platt-calibrated, with its operating point.
 * Written by scripts/fit-image-detectors.ts (standardisation folded into the weights); read here.
 */
export interface LinearProbeHead {
  /** What the probe reads, e.g. "clip-vit-b16-fp32 image_embeds of the whole picture, L2-normalised". */
  features: string;
  /**
   * Which CLIP outputs make its input: the class token after these blocks (0-11), each
   * L2-normalised, concatenated in this order. Absent: the projected embedding (`image_embeds`).
   */
  clipBlocks?: number[];
  weights: number[];
  bias: number;
  /** p(synthetic) = 1 / (1 + exp(-(a · raw + b))), fitted on held-out-fold raw scores. */
  platt: { a: number; b: number };
  /** Threshold on the calibrated probability, with its held-out rates. */
  operatingPoint: OperatingPoint;
  /** How it was fitted (rows, folds, regularisation, held-out AUC...), for the docs and the evidence. */
  fit: Record<string, unknown>;
}

export function l2Normalised(vector: ArrayLike<number>): Float64Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += (vector[i] as number) ** 2;
  norm = Math.sqrt(norm) || 1;
  const out = new Float64Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = (vector[i] as number) / norm;
  return out;
}

/** A head's input from one CLIP pass's features: its blocks' class tokens, or the projected embedding. */
export function probeInput(
  head: Pick<LinearProbeHead, "clipBlocks">,
  features: { embeds: Float32Array | null; blockCls: Float32Array[] },
): Float64Array {
  const blocks = head.clipBlocks;
  if (!blocks) {
    if (!features.embeds)
      throw new Error("The probe reads CLIP's projected embedding, which this encoder stops before");
    return Float64Array.from(features.embeds);
  }
  return concatenated(
    blocks.map((b) => {
      const cls = features.blockCls[b];
      if (!cls) throw new Error(`The probe reads CLIP block ${b}, which the encoder did not give`);
      return l2Normalised(cls);
    }),
  );
}

/** Vectors end to end, in order. */
export function concatenated(parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The probe's raw margin (before calibration) for one embedding. */
export function rawScore(head: Pick<LinearProbeHead, "weights" | "bias">, embedding: ArrayLike<number>): number {
  if (embedding.length !== head.weights.length)
    throw new Error(`The probe takes ${head.weights.length} features, got ${embedding.length}`);
  const x = l2Normalised(embedding);
  let sum = head.bias;
  for (let i = 0; i < x.length; i++) sum += (head.weights[i] as number) * (x[i] as number);
  return sum;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function calibrated(head: Pick<LinearProbeHead, "platt">, raw: number): number {
  return sigmoid(head.platt.a * raw + head.platt.b);
}
