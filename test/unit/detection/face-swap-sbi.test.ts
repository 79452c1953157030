import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../local/src/platform-simulator/seeded-random.js";
import {
  BLEND_RESIDUAL_FEATURES,
  blendResidualFeatures,
  RING_EDGES,
} from "../../../packages/detection/src/faceswap/blend-residuals.js";
import {
  faceSwapSbiSignal,
  SbiFaceSwapModel,
  type SbiHead,
  sbiHead,
} from "../../../packages/detection/src/faceswap/sbi-signal.js";
import {
  randomBlendParameters,
  type SelfBlendParameters,
  selfBlend,
} from "../../../packages/detection/src/faceswap/self-blended.js";
import type { DecodedImage, RgbImage } from "../../../packages/detection/src/media/image.js";

/** A 240×240 picture with camera-like grain on smooth shading, and a face box with YuNet-style landmarks. */
function grainyPortrait(seed: number): {
  image: RgbImage;
  face: { box: { x: number; y: number; width: number; height: number }; landmarks: { x: number; y: number }[] };
} {
  const random = mulberry32(seed);
  const width = 240;
  const height = 240;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        const shade = 110 + 40 * Math.sin(x / 37 + c) + 30 * Math.cos(y / 23);
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(shade + (random() - 0.5) * 40)));
      }
  return {
    image: { data, width, height },
    face: {
      box: { x: 70, y: 60, width: 100, height: 120 },
      landmarks: [
        { x: 100, y: 105 },
        { x: 140, y: 105 },
        { x: 120, y: 130 },
        { x: 104, y: 152 },
        { x: 136, y: 152 },
      ],
    },
  };
}

const blur: SelfBlendParameters = {
  gain: [1.04, 1, 0.97],
  shift: [6, 0, -4],
  contrast: 1,
  scale: 1.02,
  translate: [0.01, 0],
  resolution: 0.4,
  extent: 1,
  outlineJitter: new Array(9).fill(0),
  blur: [0.1, 0.05],
  erosion: 0,
  blendRatio: 1,
};

describe("Self-Blended Images (fit-time pseudo-fakes from genuine faces)", () => {
  it("changes the face and nothing outside the blend region", () => {
    const { image, face } = grainyPortrait(1);
    const { image: blended, region } = selfBlend(image, face, blur);
    let changedOutside = 0;
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) {
        const inside = x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;
        const at = (y * image.width + x) * 3;
        if (!inside && blended.data[at] !== image.data[at]) changedOutside++;
      }
    expect(changedOutside).toBe(0);
    // The face centre (between the eyes and the mouth) is the transformed copy: its red channel is raised.
    const centre = (125 * image.width + 120) * 3;
    expect(blended.data[centre]).not.toBe(image.data[centre]);
    expect(image.data).not.toBe(blended.data);
  });

  it("draws the same blends from the same random sequence, so a refit rebuilds the same rows", () => {
    const { image, face } = grainyPortrait(2);
    const a = selfBlend(image, face, randomBlendParameters(mulberry32(7))).image.data;
    const b = selfBlend(image, face, randomBlendParameters(mulberry32(7))).image.data;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe("blend-residual ring features", () => {
  it("report a pasted low-resolution face as inner rings with less fine residual than the crop", () => {
    const { image, face } = grainyPortrait(3);
    const genuine = blendResidualFeatures(image, face.box);
    const blended = blendResidualFeatures(selfBlend(image, face, blur).image, face.box);
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
    weights: new Array(BLEND_RESIDUAL_FEATURES).fill(0),
    bias: 0,
    platt: { a: 1, b: Math.log(probability / (1 - probability)) },
  };
}

describe("the face-swap-sbi signal", () => {
  it("reads the features this build computes (the shipped head was fitted on them)", async () => {
    expect(sbiHead.input).toBe("residual");
    expect(sbiHead.weights.length).toBe(BLEND_RESIDUAL_FEATURES);
    const { image, face } = grainyPortrait(4);
    const signal = await faceSwapSbiSignal(decoded(image), [face]);
    expect(signal.status).not.toBe("unknown");
    expect(signal.score).toBeGreaterThanOrEqual(0);
    expect(signal.score).toBeLessThanOrEqual(1);
  });

  it("is present at or above its operating point and absent below, stating the rates it was measured at", async () => {
    const { image, face } = grainyPortrait(5);
    const threshold = sbiHead.operatingPoint.threshold;
    const above = await faceSwapSbiSignal(decoded(image), [face], new SbiFaceSwapModel(fixedHead(threshold + 0.01)));
    const below = await faceSwapSbiSignal(decoded(image), [face], new SbiFaceSwapModel(fixedHead(threshold - 0.01)));
    expect(above.status).toBe("present");
    expect(below.status).toBe("absent");
    expect(below.explanation).toContain("does not prove it genuine");
    expect(above.explanation).toContain(
      `${(sbiHead.operatingPoint.falsePositiveRate * 100).toFixed(1)}% of genuine faces`,
    );
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
