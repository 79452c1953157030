import { readFileSync } from "node:fs";
import path from "node:path";
import { selfBlend } from "@lg/fitting/self-blended";
import { describe, expect, it } from "vitest";
import { detectFaces, detectFacesInImage } from "../../../packages/detection/src/face/detect-faces.js";
import {
  BLEND_RESIDUAL_FEATURES,
  blendResidualFeatures,
  RING_EDGES,
} from "../../../packages/detection/src/faceswap/blend-residuals.js";
import {
  faceSwapSbiOverFrames,
  faceSwapSbiSignal,
  SbiFaceSwapModel,
  type SbiHead,
  sbiHead,
  whySbiIsSilent,
} from "../../../packages/detection/src/faceswap/sbi-signal.js";
import { fuseSignals } from "../../../packages/detection/src/fusion.js";
import { type DecodedImage, decodeImage, type RgbImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { sampleVideo } from "../../../packages/detection/src/media/video.js";
import { HIDDEN_SIZE } from "../../../packages/detection/src/synthetic-image/clip-block-outputs.js";
import { ClipImageEncoder } from "../../../packages/detection/src/synthetic-image/clip-encoder.js";
import { clipInput, cropPixels, faceCropRegion } from "../../../packages/detection/src/synthetic-image/clip-input.js";
import { l2Normalised } from "../../../packages/detection/src/synthetic-image/linear-probe.js";
import { faceSyntheticSignal } from "../../../packages/detection/src/synthetic-image/signals.js";
import { POSSIBLY_SYNTHETIC_MAX_FPR, SYNTHETIC_MAX_FPR } from "../../../packages/detection/src/synthetic-levels.js";
import { grainyPortrait, lowResolutionPaste } from "../../support/grainy-portrait.js";
import { dataFile } from "./data-dir.js";

const trainDir = process.env.LG_TRAIN_DIR ?? path.resolve(import.meta.dirname, "../../../../shared/train");

describe("blend-residual ring features", () => {
  it("report a pasted low-resolution face as inner rings with less fine residual than the crop", () => {
    const { image, face } = grainyPortrait(3);
    const genuine = blendResidualFeatures(image, face.box);
    const blended = blendResidualFeatures(selfBlend(image, face, lowResolutionPaste).image, face.box);
    expect(genuine.length).toBe(BLEND_RESIDUAL_FEATURES);
    // Per ring, the first feature is log(ring step-1 residual / crop's): the two innermost rings sit inside the mask.
    for (const ring of [0, 1]) {
      const at = 3 + ring * 9;
      expect(blended[at] as number).toBeLessThan((genuine[at] as number) - 0.3);
    }
    expect(RING_EDGES.length + 1).toBe((BLEND_RESIDUAL_FEATURES - 3) / 9);
  });
});

function decoded(image: RgbImage): DecodedImage {
  return { format: "png", width: image.width, height: image.height, pixels: image, scale: 1 };
}

/** A head whose score is a fixed probability: no weight on the features, the bias set through Platt's b. */
function fixedHead(probability: number): SbiHead {
  return {
    ...sbiHead,
    input: "residual",
    clipBlocks: undefined,
    weights: new Array(BLEND_RESIDUAL_FEATURES).fill(0),
    bias: 0,
    platt: { a: 1, b: Math.log(probability / (1 - probability)) },
  };
}

/** Counts the CLIP passes made through it. */
class CountingEncoder extends ClipImageEncoder {
  calls = 0;
  override async features(input: Float32Array) {
    this.calls++;
    return super.features(input);
  }
}

/** A head on the face crop's block-9 class token with these weights. */
const blockHead = (weights: number[], bias: number): SbiHead => ({
  ...sbiHead,
  input: "clip-blocks",
  clipBlocks: [9],
  weights,
  bias,
});

describe("the face-swap-sbi signal", () => {
  it("reads the features this build computes (the shipped head was fitted on them)", async () => {
    const size =
      sbiHead.input === "clip-blocks" ? (sbiHead.clipBlocks?.length ?? 0) * HIDDEN_SIZE : BLEND_RESIDUAL_FEATURES;
    expect(sbiHead.weights.length).toBe(size);
    const { image, face } = grainyPortrait(4);
    const signal = await faceSwapSbiSignal(decoded(image), [face]);
    expect(signal.status).not.toBe("unknown");
    expect(signal.score).toBeGreaterThanOrEqual(0);
    expect(signal.score).toBeLessThanOrEqual(1);
  });

  it("reads CLIP's block tokens from the face-synthetic signal's own pass of the crop: one pass for both", async () => {
    const encoder = new CountingEncoder();
    const head = blockHead(
      Array.from({ length: HIDDEN_SIZE }, (_, i) => ((i * 7919) % 13) - 6),
      0.5,
    );
    // A face away from the centre, so face-synthetic makes the crop's pass rather than reuse the picture's.
    const { image } = grainyPortrait(8);
    const face = { box: { x: 4, y: 4, width: 80, height: 90 } };
    const synthetic = await faceSyntheticSignal(decoded(image), [face], { encoder });
    expect(synthetic.evidence.wholePictureEmbeddingReused).toBe(false);
    const signal = await faceSwapSbiSignal(decoded(image), [face], new SbiFaceSwapModel(head), { encoder });
    expect(encoder.calls).toBe(1);
    // Its raw score is the head on that crop's L2-normalised block-9 token.
    const crop = cropPixels(image, faceCropRegion(face.box, image.width, image.height));
    const token = l2Normalised((await encoder.features(await clipInput(crop))).blockCls[9] as Float32Array);
    const expected = head.weights.reduce((sum, w, i) => sum + w * (token[i] as number), head.bias);
    expect(signal.evidence.rawScore as number).toBeCloseTo(expected, 4);
  });

  it("on a video's frames reads only the crop passes face-synthetic made, and says why where it made none", async () => {
    const encoder = new CountingEncoder();
    const head = blockHead(new Array(HIDDEN_SIZE).fill(0), 0);
    const face = { box: { x: 4, y: 4, width: 80, height: 90 } };
    const frame = (seed: number, timeSeconds: number) => ({
      timeSeconds,
      image: decoded(grainyPortrait(seed).image),
      faces: [face],
    });
    const frames = [frame(10, 0), frame(11, 4)];
    const model = new SbiFaceSwapModel(head);
    const none = await faceSwapSbiOverFrames(frames, model, {
      encoder,
      ownPass: false,
      whyNoSharedPass: "the synthetic-face detector is left out",
    });
    expect(none.status).toBe("unknown");
    expect(none.explanation).toContain("none was made for this frame (the synthetic-face detector is left out)");
    expect(encoder.calls).toBe(0);
    await faceSyntheticSignal(frames[1]!.image, [face], { encoder });
    const one = await faceSwapSbiOverFrames(frames, model, { encoder, ownPass: false });
    expect(encoder.calls).toBe(1);
    expect(one.status).not.toBe("unknown");
    expect(one.evidence.framesRead).toBe(1);
  });

  it("says unknown, naming the encoder, when a CLIP-block head's encoder is not installed", async () => {
    const { image, face } = grainyPortrait(9);
    const head = blockHead(new Array(HIDDEN_SIZE).fill(0), 0);
    const missing = new ClipImageEncoder("/nonexistent/clip.onnx");
    const signal = await faceSwapSbiSignal(decoded(image), [face], new SbiFaceSwapModel(head), { encoder: missing });
    expect(signal.status).toBe("unknown");
    expect(signal.explanation).toContain("CLIP image encoder is not installed");
  });

  it("states the level its reading reaches, with that level's measured rates, and only levels the fit allows", async () => {
    const { image, face } = grainyPortrait(5);
    const levels = sbiHead.levels as NonNullable<SbiHead["levels"]>;
    const read = async (probability: number, speaksAt: SbiHead["speaksAt"]) =>
      faceSwapSbiSignal(decoded(image), [face], new SbiFaceSwapModel({ ...fixedHead(probability), speaksAt }));
    const high = Math.min(0.9999999, levels.synthetic.threshold + (1 - levels.synthetic.threshold) / 2);
    const between = (levels.synthetic.threshold + levels.possible.threshold) / 2;
    const low = levels.possible.threshold / 2;

    const claimed = await read(high, "synthetic");
    expect(claimed.status).toBe("present");
    expect(claimed.evidence.level).toBe("synthetic");
    expect(claimed.operatingPoint?.threshold).toBe(levels.synthetic.threshold);
    expect(claimed.operatingPoint?.maxFalsePositiveRate).toBe(SYNTHETIC_MAX_FPR);
    expect(claimed.operatingPoint?.genuineCount).toBe(levels.synthetic.genuineCount);
    expect(claimed.explanation).toContain(`of ${levels.synthetic.genuineCount} genuine faces held out of its fit`);
    expect(fuseSignals([claimed], "image").status).toBe("synthetic");

    // Where the fit allows only "possibly", the same reading says only that, at the "possibly" level's rates.
    const capped = await read(high, "possibly-synthetic");
    expect(capped.evidence.level).toBe("possibly-synthetic");
    expect(capped.operatingPoint?.threshold).toBe(levels.possible.threshold);
    expect(fuseSignals([capped], "image").status).toBe("possibly-synthetic");

    const possibly = await read(between, "synthetic");
    expect(possibly.status).toBe("present");
    expect(possibly.evidence.level).toBe("possibly-synthetic");
    expect(fuseSignals([possibly], "image").status).toBe("possibly-synthetic");

    const below = await read(low, "synthetic");
    expect(below.status).toBe("absent");
    expect(below.evidence.level).toBe("no-evidence");
    expect(below.explanation).toContain("does not prove it genuine");
  });

  it("is kept out of the verdict exactly as its stored rates require", () => {
    const levels = sbiHead.levels as NonNullable<SbiHead["levels"]>;
    const shared = (
      sbiHead as unknown as {
        sharedData: Record<"synthetic" | "possible", { genuine: number; genuineFlagged: number }>;
      }
    ).sharedData;
    const informative = (level: { truePositiveRate: number; falsePositiveRate: number }) =>
      level.truePositiveRate > level.falsePositiveRate;
    // Every genuine source held out of the fit stays at or under 1% at the "synthetic" level.
    for (const rate of Object.values(levels.synthetic.byGenuineSource))
      expect(rate.falsePositiveRate).toBeLessThanOrEqual(SYNTHETIC_MAX_FPR);
    const expected =
      shared.synthetic.genuineFlagged === 0 && informative(levels.synthetic)
        ? "synthetic"
        : shared.possible.genuineFlagged <= POSSIBLY_SYNTHETIC_MAX_FPR * shared.possible.genuine &&
            informative(levels.possible)
          ? "possibly-synthetic"
          : "no-evidence";
    expect(sbiHead.speaksAt).toBe(expected);
    expect(whySbiIsSilent() === null).toBe(expected !== "no-evidence");
  });

  it("reads a swapped face above the same clip's original face (DeeperForensics pair of ../shared/train)", async () => {
    const meanOver = async (file: string) => {
      const { probe, frames } = await sampleVideo(readFileSync(path.join(trainDir, "video", file)), {
        ...defaultLimits,
        videoFramesPerSecond: 1,
        maxVideoFrames: 4,
      });
      const scores: number[] = [];
      for (const frame of frames) {
        const { width, height } = frame.image;
        const image: DecodedImage = { format: probe.format, width, height, pixels: frame.image, scale: 1 };
        const signal = await faceSwapSbiSignal(image, await detectFaces(frame.image, 1, []));
        if (typeof signal.score === "number") scores.push(signal.score);
      }
      expect(scores.length).toBeGreaterThanOrEqual(3);
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    };
    expect(await meanOver("dfo_fake.mp4")).toBeGreaterThan((await meanOver("dfo_real.mp4")) + 0.2);
  });

  it("does not call a genuine press photo synthetic (a face of ../shared/data, never fitted on)", async () => {
    const image = await decodeImage(
      dataFile("faces/face_recognition/examples/lin-manuel-miranda.png"),
      defaultLimits,
      defaultLimits.analysisMaxSide,
    );
    const signal = await faceSwapSbiSignal(image, await detectFacesInImage(image, []));
    expect(signal.status).not.toBe("unknown");
    expect(signal.evidence.level).not.toBe("synthetic");
    expect(fuseSignals([signal], "image").status).not.toBe("synthetic");
  });

  it("says unknown, never absent, without a face or with one too small to read", async () => {
    const { image } = grainyPortrait(6);
    expect((await faceSwapSbiSignal(decoded(image), [])).status).toBe("unknown");
    const tiny = await faceSwapSbiSignal(decoded(image), [{ box: { x: 10, y: 10, width: 12, height: 14 } }]);
    expect(tiny.status).toBe("unknown");
    expect(tiny.explanation).toContain("too small");
  });

  it("refuses a head fitted on other features, naming the refit", async () => {
    const { image, face } = grainyPortrait(7);
    const stale = new SbiFaceSwapModel({ ...sbiHead, weights: [1, 2, 3] });
    await expect(faceSwapSbiSignal(decoded(image), [face], stale)).rejects.toThrow(/fit:face-swap-sbi/);
  });
});
