import { describe, expect, it } from "vitest";
import { onnxNodeRuntime } from "../../../packages/detection/src/runtimes/onnx.js";
import { OnnxGraphBuilder } from "../../../packages/detection/src/runtimes/onnx-graph.js";
import { readGraph } from "../../../packages/detection/src/runtimes/onnx-wire.js";
import {
  BLOCK_CLS_OUTPUT,
  CLASS_TOKEN_EDIT_MAX_BYTES,
  PRE_PROJECTION_OUTPUT,
  withClassTokenOutputs,
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

const inRoom = (model: Uint8Array) => {
  const buffer = new Uint8Array(model.length + CLASS_TOKEN_EDIT_MAX_BYTES);
  buffer.set(model);
  return { buffer, length: model.length };
};

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
    const { buffer, length } = inRoom(clipShapedModel());
    const outputs = await run(withClassTokenOutputs(buffer, length));
    expect(outputs[BLOCK_CLS_OUTPUT]?.dims).toEqual([12, WIDTH]);
    expect(outputs.image_embeds).toBeDefined();
    expect(outputs[PRE_PROJECTION_OUTPUT]).toBeDefined();
  });

  it("stopped after a block, computes nothing after it: the same class tokens up to it, no later weights, no other output", async () => {
    const whole = inRoom(clipShapedModel());
    const all = (await run(withClassTokenOutputs(whole.buffer, whole.length)))[BLOCK_CLS_OUTPUT]?.data as Float32Array;
    const stopped = inRoom(clipShapedModel());
    const model = withClassTokenOutputs(stopped.buffer, stopped.length, 2);
    const outputs = await run(model);
    expect(Object.keys(outputs)).toEqual([BLOCK_CLS_OUTPUT]);
    expect(outputs[BLOCK_CLS_OUTPUT]?.dims).toEqual([3, WIDTH]);
    const tokens = outputs[BLOCK_CLS_OUTPUT]?.data as Float32Array;
    expect(Array.from(tokens)).toEqual(Array.from(all.subarray(0, 3 * WIDTH)));
    // Token 0 after block 2: the input's first token plus blocks 0-2's weights.
    expect(tokens[2 * WIDTH]).toBeCloseTo(0 + 111, 4);
    const { initialisers, nodes } = readGraph(model.subarray(0, stopped.length));
    expect([...initialisers.keys()].filter((name) => name.startsWith("w")).sort()).toEqual(["w0", "w1", "w2"]);
    expect(nodes).toHaveLength(3);
  });

  it("refuses a block CLIP does not have", () => {
    const { buffer, length } = inRoom(clipShapedModel());
    expect(() => withClassTokenOutputs(buffer, length, 12)).toThrow("CLIP has blocks 0-11, not 12");
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
