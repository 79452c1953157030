import { describe, expect, it } from "vitest";
import { OnnxGraphBuilder } from "../../../packages/detection/src/runtimes/onnx-graph.js";
import { withClassTokenOutputs } from "../../../packages/detection/src/synthetic-image/clip-block-outputs.js";

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
});
