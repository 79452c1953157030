/**
 * CLIP ViT-B/16's class token after each of its 12 transformer blocks, and the projection's input
 * (the final class token after post_layernorm): the outputs `block_cls` [12, 768] and
 * `pre_projection_cls` [1, 768] that `npm run setup` adds to the float graph
 * (packages/detection/derive/clip-block-outputs-graph.ts), in the files named here.
 */

export const BLOCK_COUNT = 12;
export const HIDDEN_SIZE = 768;
export const BLOCK_CLS_OUTPUT = "block_cls";
export const PRE_PROJECTION_OUTPUT = "pre_projection_cls";

/**
 * The derived graph that computes blocks 0..throughBlock: the whole graph with every output for
 * the last block, else one that stops there and gives `block_cls` only.
 */
export function clipEncoderFile(throughBlock: number): string {
  if (!Number.isInteger(throughBlock) || throughBlock < 0 || throughBlock >= BLOCK_COUNT)
    throw new Error(`CLIP has blocks 0-${BLOCK_COUNT - 1}, not ${throughBlock}`);
  return throughBlock === BLOCK_COUNT - 1
    ? "clip/clip_encoder.fp32.block-outputs.onnx"
    : `clip/clip_encoder.fp32.through-block-${throughBlock}.onnx`;
}
