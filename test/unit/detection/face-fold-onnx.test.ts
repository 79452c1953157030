import { readFile } from "node:fs/promises";
import path from "node:path";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { modelDir } from "../../../packages/detection/src/models/model-files.js";
import { dequantize, foldBlockQuantizedOnnx } from "../../../packages/detection/src/runtimes/onnx-fold.js";
import { loadDerived, sha256Hex } from "../../../scripts/setup-models.js";

const tensor = (dims: number[], values: number[]) => ({ dims, dataType: 1, values: Float64Array.from(values) });

describe("folding block-quantized ONNX weights", () => {
  it("dequantizes per block along the axis: (q - zero point) × the block's scale", () => {
    // Two rows of 5 values in blocks of 2 along axis 1: blocks [0,1], [2,3], [4].
    const q = tensor([2, 5], [1, 2, 3, 4, 5, -1, -2, -3, -4, -5]);
    const scale = tensor([2, 3], [1, 10, 100, 0.5, 0.25, 2]);
    const zero = tensor([2, 3], [0, 1, 0, 0, -1, 1]);
    expect(Array.from(dequantize(q, scale, zero, 1, 2))).toEqual([1, 2, 20, 30, 500, -0.5, -1, -0.5, -0.75, -12]);
  });

  it("dequantizes per tensor when the scale is a single value, whatever block_size says", () => {
    expect(Array.from(dequantize(tensor([3], [4, -4, 0]), tensor([1], [0.5]), tensor([1], [2]), 0, 64))).toEqual([
      1, -3, -1,
    ]);
  });

  it("turns the fetched SFace file into the pinned plain-float model onnxruntime runs", {
    timeout: 60_000,
  }, async () => {
    const sface = (await loadDerived()).find((d) => d.file.includes("sface"));
    if (!sface) throw new Error("the manifest derives no SFace file");
    const fetched = new Uint8Array(await readFile(path.join(modelDir(), sface.from)));
    const { bytes, report } = foldBlockQuantizedOnnx(fetched);
    expect(sha256Hex(bytes)).toBe(sha256Hex(foldBlockQuantizedOnnx(fetched).bytes));
    expect(sha256Hex(bytes)).toBe(sface.sha256);
    expect(report).toMatchObject({ foldedDequantize: 29, foldedReshape: 27 });
    const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: 1, logSeverityLevel: 3 });
    expect(session.inputNames).toEqual(["data"]);
    const out = await session.run({
      data: new ort.Tensor("float32", new Float32Array(3 * 112 * 112).fill(128), [1, 3, 112, 112]),
    });
    expect(out.fc1?.dims).toEqual([1, 128]);
    expect(Array.from(out.fc1?.data as Float32Array).every(Number.isFinite)).toBe(true);
  });
});
