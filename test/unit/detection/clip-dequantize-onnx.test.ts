import { readFile } from "node:fs/promises";
import path from "node:path";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { dequantizeDynamicMatMuls } from "../../../packages/detection/derive/onnx-dynamic-quantization.js";
import { modelDir } from "../../../packages/detection/src/models/model-files.js";
import { loadDerived, sha256Hex } from "../../../scripts/setup-models.js";

const INTEGER_OPS = /MatMulInteger|ConvInteger|DynamicQuantizeLinear|QLinear/;

describe("turning CLIP's dynamically quantized graph into float MatMuls", () => {
  it("derives the pinned float32 CLIP file, with no integer kernel left, the same bytes every time", {
    timeout: 120_000,
  }, async () => {
    const clip = (await loadDerived()).find((d) => d.file.startsWith("clip/"));
    if (!clip) throw new Error("the manifest derives no CLIP file");
    const fetched = new Uint8Array(await readFile(path.join(modelDir(), clip.from)));
    expect(new TextDecoder("latin1").decode(fetched)).toMatch(INTEGER_OPS);
    const { bytes, report } = dequantizeDynamicMatMuls(fetched);
    expect(report.matMuls).toBe(73);
    expect(sha256Hex(bytes)).toBe(clip.sha256);
    expect(sha256Hex(dequantizeDynamicMatMuls(fetched).bytes)).toBe(clip.sha256);
    // Op types are stored as plain strings, so no integer op name in the file means none in the graph.
    expect(new TextDecoder("latin1").decode(bytes)).not.toMatch(INTEGER_OPS);
  });

  it("gives the embedding the integer graph approximates: cosine above 0.95 on a picture-like input", {
    timeout: 120_000,
  }, async () => {
    const clip = (await loadDerived()).find((d) => d.file.startsWith("clip/"));
    if (!clip) throw new Error("the manifest derives no CLIP file");
    const options = { intraOpNumThreads: 1, logSeverityLevel: 3 as const };
    const quantized = await ort.InferenceSession.create(path.join(modelDir(), clip.from), options);
    const float = await ort.InferenceSession.create(path.join(modelDir(), clip.file), options);
    // A smooth gradient with a bright disc: structure CLIP responds to, not noise.
    const size = 224;
    const pixels = new Float32Array(3 * size * size);
    for (let c = 0; c < 3; c++)
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const disc = (x - 112) ** 2 + (y - 100) ** 2 < 60 ** 2 ? 1 : 0;
          pixels[c * size * size + y * size + x] = (x / size - 0.5) * (c + 1) + disc - (y / size) * 0.5;
        }
    const feeds = { pixel_values: new ort.Tensor("float32", pixels, [1, 3, size, size]) };
    const a = (await quantized.run(feeds)).image_embeds?.data as Float32Array;
    const b = (await float.run(feeds)).image_embeds?.data as Float32Array;
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let i = 0; i < a.length; i++) {
      dot += (a[i] as number) * (b[i] as number);
      na += (a[i] as number) ** 2;
      nb += (b[i] as number) ** 2;
    }
    expect(b.length).toBe(512);
    // 0.973 measured: the integer graph rounds every activation to 8 bits, the float one does not;
    // a wrong transform (transposed or unscaled weights) lands near 0.
    expect(dot / Math.sqrt(na * nb)).toBeGreaterThan(0.95);
  });
});
