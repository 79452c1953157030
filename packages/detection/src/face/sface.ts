import type { OnnxRuntime, OnnxSessionLike } from "../runtimes/onnx-port.js";
import { preluAsElementwise } from "../runtimes/onnx-prelu.js";
import { ALIGNED_SIZE } from "./face-align.js";

/**
 * SFace (OpenCV, 2021dec; MobileFaceNet class, 128-d, LFW 99.40%): one embedding per aligned
 * 112×112 RGB crop, L2-normalised so faces compare by cosine distance. Its PRelu activations run
 * as element-wise operators giving the same bits (runtimes/onnx-prelu.ts): half the CPU an embedding.
 */
export class SfaceEmbedder {
  private constructor(
    private readonly runtime: OnnxRuntime,
    private readonly session: OnnxSessionLike,
  ) {}

  static async create(runtime: OnnxRuntime, model: Uint8Array): Promise<SfaceEmbedder> {
    return new SfaceEmbedder(runtime, await runtime.sessionFromBytes(preluAsElementwise(model).model));
  }

  async embed(alignedRgb: Float32Array): Promise<Float32Array> {
    const outputs = await this.session.run({
      data: this.runtime.float32Tensor(alignedRgb, [1, 3, ALIGNED_SIZE, ALIGNED_SIZE]),
    });
    const raw = outputs.fc1?.data as Float32Array;
    const norm = Math.hypot(...raw);
    return Float32Array.from(raw, (v) => v / (norm || 1));
  }
}
