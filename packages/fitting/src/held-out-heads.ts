/**
 * voice-synthetic/held-out-heads.json: the countermeasure heads fit:voice fitted without one
 * Tortoise voice each, written by the fit and read back by bench/clone-countermeasure.ts to score
 * that voice's clips honestly. The product never reads them.
 */
import type { CountermeasureHead } from "@lg/detection/voice-synthetic/countermeasure";

/** Heads that each left one group (a Tortoise voice) out of the fit, for honest measurement only. */
export interface HeldOutHeads {
  note: string;
  heads: Record<string, { weightsBase64: string; bias: number }>;
}

/** One held-out head as the file stores it: its float32 weights in base64. */
export const storedHeldOutHead = (head: { weights: Float32Array; bias: number }) => ({
  weightsBase64: Buffer.from(head.weights.buffer, head.weights.byteOffset, head.weights.byteLength).toString("base64"),
  bias: head.bias,
});

/** A held-out head in the shipped head's frame: same layers, calibration and operating point. */
export function withHeldOutWeights(
  head: CountermeasureHead,
  heldOut: { weightsBase64: string; bias: number },
): CountermeasureHead {
  const bytes = Buffer.from(heldOut.weightsBase64, "base64");
  const weights = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return { ...head, weights: Array.from(weights), bias: heldOut.bias };
}
