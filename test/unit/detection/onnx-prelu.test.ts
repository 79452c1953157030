import { readFile } from "node:fs/promises";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { SFACE_FILE } from "../../../packages/detection/src/face/face-pipeline.js";
import { modelFiles } from "../../../packages/detection/src/models/model-files.js";
import { OnnxGraphBuilder } from "../../../packages/detection/src/runtimes/onnx-graph.js";
import { preluAsElementwise } from "../../../packages/detection/src/runtimes/onnx-prelu.js";

const session = (model: Uint8Array) =>
  ort.InferenceSession.create(model, { intraOpNumThreads: 1, graphOptimizationLevel: "all", logSeverityLevel: 3 });

/** A seeded generator, so a failure names the same inputs every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A convolution's output through PRelu with the slopes given, per channel, as SFace's layers have them. */
function preluModel(slopes: number[]) {
  const g = new OnnxGraphBuilder();
  const x = g.input("x", [1, slopes.length, 6, 7]);
  const slope = g.constant("slope", Float32Array.from(slopes), [slopes.length, 1, 1]);
  g.output(g.node("PRelu", [x, slope], {}, "y"));
  return g.build(17);
}

/** The outputs of both models on the same inputs, as raw bits. */
async function bitsOfBoth(original: Uint8Array, rewritten: Uint8Array, inputs: ort.Tensor[], input: string) {
  const [a, b] = await Promise.all([session(original), session(rewritten)]);
  const bits = async (s: ort.InferenceSession) => {
    const out: number[] = [];
    for (const tensor of inputs) {
      const result = await s.run({ [input]: tensor });
      const data = result[s.outputNames[0] as string]?.data as Float32Array;
      // +0 and -0 are told apart by nothing downstream; every other bit must match.
      out.push(...new Uint32Array(Float32Array.from(data, (v) => (v === 0 ? 0 : v)).buffer));
    }
    return out;
  };
  return [await bits(a), await bits(b)] as const;
}

describe("PRelu as element-wise operators", () => {
  for (const [layer, slopes] of [
    ["every slope at most 1, some negative", [0.25, -0.8, 1, 0, 0.999]],
    ["every slope at least 1", [1, 1.12, 3.5]],
    ["slopes on both sides of 1", [-0.39, 0.5, 1.12, 2]],
  ] as const) {
    it(`gives PRelu's bits for ${layer}`, async () => {
      const model = preluModel([...slopes]);
      const { model: rewritten, rewritten: count } = preluAsElementwise(model);
      expect(count).toBe(1);
      const random = seeded(slopes.length);
      const size = slopes.length * 42;
      const special = [0, -0, 1e-38, -1e-38, 3.4e38, -3.4e38, 1, -1];
      const inputs = Array.from({ length: 20 }, (_, i) => {
        const data = Float32Array.from({ length: size }, (_, j) =>
          i === 0 ? (special[j % special.length] as number) : (random() - 0.5) * 10 ** (random() * 8 - 4),
        );
        return new ort.Tensor("float32", data, [1, slopes.length, 6, 7]);
      });
      const [before, after] = await bitsOfBoth(model, rewritten, inputs, "x");
      expect(after).toEqual(before);
    });
  }

  it("leaves a model without PRelu as it is", () => {
    const g = new OnnxGraphBuilder();
    g.output(g.node("Relu", [g.input("x", [1, 4])], {}, "y"));
    const model = g.build(17);
    expect(preluAsElementwise(model)).toEqual({ model, rewritten: 0 });
  });

  it("gives SFace's embeddings bit for bit", { timeout: 60_000 }, async () => {
    const sface = new Uint8Array(await readFile(await modelFiles().localPath(SFACE_FILE)));
    const { model, rewritten } = preluAsElementwise(sface);
    expect(rewritten).toBe(27);
    const random = seeded(41);
    const inputs = Array.from(
      { length: 8 },
      () =>
        new ort.Tensor(
          "float32",
          Float32Array.from({ length: 3 * 112 * 112 }, () => Math.floor(random() * 256)),
          [1, 3, 112, 112],
        ),
    );
    const [before, after] = await bitsOfBoth(sface, model, inputs, "data");
    expect(after).toEqual(before);
  });
});
