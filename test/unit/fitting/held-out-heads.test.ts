import { defaultHead } from "@lg/detection/voice-synthetic/countermeasure";
import { storedHeldOutHead, withHeldOutWeights } from "@lg/fitting/held-out-heads";
import { describe, expect, it } from "vitest";

describe("held-out countermeasure heads", () => {
  it("read back from the file with the float32 weights and bias the fit stored, in the shipped head's frame", () => {
    const weights = Float32Array.from({ length: defaultHead.weights.length }, (_, i) => Math.sin(i) / 7);
    const head = withHeldOutWeights(defaultHead, storedHeldOutHead({ weights, bias: -0.25 }));
    expect(head.weights).toEqual(Array.from(weights));
    expect(head.bias).toBe(-0.25);
    expect(head.platt).toEqual(defaultHead.platt);
    expect(head.operatingPoint).toEqual(defaultHead.operatingPoint);
  });

  it("store only the head's own weights when they are a view into a larger buffer", () => {
    const buffer = Float32Array.from([9, 1, 2, 3, 9]);
    const stored = storedHeldOutHead({ weights: buffer.subarray(1, 4), bias: 0 });
    expect(withHeldOutWeights(defaultHead, stored).weights).toEqual([1, 2, 3]);
  });
});
