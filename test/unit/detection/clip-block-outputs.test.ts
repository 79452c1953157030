import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withClassTokenOutputs } from "../../../packages/detection/derive/clip-block-outputs-graph.js";
import { onnxNodeRuntime } from "../../../packages/detection/src/runtimes/onnx.js";
import { OnnxGraphBuilder } from "../../../packages/detection/src/runtimes/onnx-graph.js";
import { readGraph } from "../../../packages/detection/src/runtimes/onnx-wire.js";
import {
  BLOCK_CLS_OUTPUT,
  clipEncoderFile,
  PRE_PROJECTION_OUTPUT,
} from "../../../packages/detection/src/synthetic-image/clip-block-outputs.js";
import { deepestClipBlockRead } from "../../../packages/detection/src/synthetic-image/clip-depth.js";

const WIDTH = 4;
const TOKENS = 3;

/**
 * A graph shaped like the CLIP export where it matters here: 12 residual blocks named as HF's
 * export names them (each adds its own weights), then post_layernorm and a projection output.
 */
function clipShapedModel(): Uint8Array {
  const builder = new OnnxGraphBuilder();
  let stream = builder.input("pixel_values", [1, TOKENS, WIDTH]);
  for (let block = 0; block < 12; block++) {
    const weights = builder.constant(
      `w${block}`,
      Float32Array.from({ length: WIDTH }, (_, i) => 10 ** block * (i + 1)),
      [WIDTH],
    );
    stream = builder.node("Add", [stream, weights], {}, `block${block}`, `/vision_model/encoder/layers.${block}/Add_1`);
  }
  const norm = builder.constant("post_ln", new Float32Array(WIDTH).fill(0.5), [WIDTH]);
  const post = builder.node("Add", [stream, norm], {}, "post", "/vision_model/post_layernorm/Add_1");
  builder.node("Identity", [post], {}, "image_embeds");
  builder.output("image_embeds");
  return builder.build();
}

const input = Float32Array.from({ length: TOKENS * WIDTH }, (_, i) => i / 100);

async function run(model: Uint8Array) {
  const session = await onnxNodeRuntime.sessionFromBytes(model);
  return session.run({ pixel_values: onnxNodeRuntime.float32Tensor(input, [1, TOKENS, WIDTH]) });
}

describe("CLIP block outputs", () => {
  it("refuses, naming the missing node, a graph that is not the CLIP ViT-B/16 export", () => {
    const builder = new OnnxGraphBuilder();
    builder.input("pixel_values", [1, 3, 224, 224]);
    builder.node("Identity", ["pixel_values"], {}, "image_embeds");
    builder.output("image_embeds");
    expect(() => withClassTokenOutputs(builder.build())).toThrow(
      "CLIP graph has no node /vision_model/encoder/layers.0/Add_1: not the ViT-B/16 export the block outputs expect",
    );
  });

  it("gives each block's class token and the pre-projection token beside the graph's own output", async () => {
    const outputs = await run(withClassTokenOutputs(clipShapedModel()));
    expect(outputs[BLOCK_CLS_OUTPUT]?.dims).toEqual([12, WIDTH]);
    expect(outputs.image_embeds).toBeDefined();
    expect(outputs[PRE_PROJECTION_OUTPUT]).toBeDefined();
  });

  it("stopped after a block, computes nothing after it: the same class tokens up to it, no later weights, no other output", async () => {
    const all = (await run(withClassTokenOutputs(clipShapedModel())))[BLOCK_CLS_OUTPUT]?.data as Float32Array;
    const model = withClassTokenOutputs(clipShapedModel(), 2);
    const outputs = await run(model);
    expect(Object.keys(outputs)).toEqual([BLOCK_CLS_OUTPUT]);
    expect(outputs[BLOCK_CLS_OUTPUT]?.dims).toEqual([3, WIDTH]);
    const tokens = outputs[BLOCK_CLS_OUTPUT]?.data as Float32Array;
    expect(Array.from(tokens)).toEqual(Array.from(all.subarray(0, 3 * WIDTH)));
    // Token 0 after block 2: the input's first token plus blocks 0-2's weights.
    expect(tokens[2 * WIDTH]).toBeCloseTo(0 + 111, 4);
    const { initialisers, nodes } = readGraph(model);
    expect([...initialisers.keys()].filter((name) => name.startsWith("w")).sort()).toEqual(["w0", "w1", "w2"]);
    // Blocks 0-2, then the three Gathers and the Concat that read them.
    expect(nodes).toHaveLength(3 + 3 + 1);
  });

  it("refuses a block CLIP does not have", () => {
    expect(() => withClassTokenOutputs(clipShapedModel(), 12)).toThrow("CLIP has blocks 0-11, not 12");
  });

  it("is derived at setup for the whole graph and for the analysis's depth, from the float graph, each file computing the blocks its name says", () => {
    const manifest = JSON.parse(readFileSync("scripts/model-manifest.json", "utf8")) as {
      derived: { file: string; from: string; derivation: { kind: string; throughBlock?: number } }[];
    };
    const edits = manifest.derived.filter((entry) => entry.derivation.kind === "clip-block-outputs-onnx");
    for (const edit of edits) {
      expect(edit.from).toBe("clip/clip_encoder.fp32.onnx");
      expect(edit.file).toBe(clipEncoderFile(edit.derivation.throughBlock as number));
    }
    // A refit that reads another block moves the analysis's file: setup must derive that one.
    expect(edits.map((edit) => edit.derivation.throughBlock).sort((a, b) => (a as number) - (b as number))).toEqual(
      [...new Set([deepestClipBlockRead(), 11])].sort((a, b) => a - b),
    );
  });
});

describe("how deep the analysis runs CLIP", () => {
  const none = () => false;
  it("stops at the deepest block a head that runs reads", () => {
    expect(
      deepestClipBlockRead(
        [
          { id: "ai-image", readsClip: true, clipBlocks: [8] },
          { id: "face-swap-sbi", readsClip: true, clipBlocks: [5, 7, 9] },
        ],
        none,
      ),
    ).toBe(9);
  });

  it("runs the whole graph when a head that runs reads the projected embedding", () => {
    expect(
      deepestClipBlockRead(
        [
          { id: "ai-image", readsClip: true, clipBlocks: [8] },
          { id: "face-synthetic", readsClip: true },
        ],
        none,
      ),
    ).toBe(11);
  });

  it("ignores heads every fusion model leaves out and heads that read no CLIP feature", () => {
    expect(
      deepestClipBlockRead(
        [
          { id: "ai-image", readsClip: true, clipBlocks: [8] },
          { id: "face-synthetic", readsClip: true },
          { id: "face-swap-sbi", readsClip: false },
        ],
        (id) => id === "face-synthetic",
      ),
    ).toBe(8);
  });

  it("with the committed heads and fusion, stops at block 9 (the face-swap head's deepest)", () => {
    expect(deepestClipBlockRead()).toBe(9);
  });
});
