import { describe, expect, it } from "vitest";
import {
  type FusionModels,
  fuseSignals,
  whyDetectorLeftOut,
  whyReadingCannotChangeVerdict,
} from "../../../packages/detection/src/fusion.js";
import type { OperatingPoint, Signal } from "../../../packages/detection/src/result.js";

const point = (threshold: number, falsePositiveRate = 0.02, truePositiveRate = 0.9): OperatingPoint => ({
  threshold,
  falsePositiveRate,
  truePositiveRate,
  measuredOn: "a test set",
});
const learned = (id: Signal["id"], score: number, present: boolean): Signal => ({
  id,
  status: present ? "present" : "absent",
  score,
  explanation: "",
  evidence: {},
  operatingPoint: point(0.6),
});
const models: FusionModels = {
  image: { weights: { "ai-image": 1.2, "face-synthetic": 0.8 }, bias: -0.5, operatingPoint: point(0.7, 0.018, 0.93) },
  video: {
    weights: { "ai-image": 1.2 },
    bias: -0.5,
    operatingPoint: point(0.7, 0.018, 0.93),
    leftOut: ["face-swap-mesonet"],
  },
};

describe("fusing synthetic-media signals", () => {
  it("decides learned detectors by the fitted logistic model and its threshold, and returns the measured rates", () => {
    const signals = [learned("ai-image", 0.9, true), learned("face-synthetic", 0.8, true)];
    const fused = fuseSignals(signals, "image", models);
    const z = -0.5 + 1.2 * Math.log(0.9 / 0.1) + 0.8 * Math.log(0.8 / 0.2);
    expect(fused.score).toBeCloseTo(1 / (1 + Math.exp(-z)), 10);
    expect(fused.status).toBe("synthetic");
    expect(fused.operatingPoint).toEqual(point(0.7, 0.018, 0.93));
    expect(fused.explanation).toContain("1.8% of genuine media");
  });

  it("keeps media below the fitted threshold as no evidence, never as genuine", () => {
    const fused = fuseSignals(
      [learned("ai-image", 0.3, false), learned("face-synthetic", 0.4, false)],
      "image",
      models,
    );
    expect(fused.status).toBe("no-evidence");
    expect(fused.explanation).toMatch(/does not prove it genuine/);
  });

  it("treats a detector that could not run as unknown: with nothing scored the fusion is unknown", () => {
    const missing: Signal = { id: "ai-image", status: "unknown", explanation: "model missing", evidence: {} };
    const fused = fuseSignals([missing], "image", models);
    expect(fused).toMatchObject({ status: "unknown", score: null });
  });

  it("lets one learned detector with no fitted fusion speak at its own operating point", () => {
    const fused = fuseSignals([learned("voice-synthetic", 0.55, true)], "audio", models);
    expect(fused.status).toBe("synthetic");
    expect(fused.operatingPoint).toEqual(point(0.6));
    expect(fuseSignals([learned("voice-synthetic", 0.55, false)], "audio", models).status).toBe("no-evidence");
  });

  it("reports a detector the fit left out but does not let it decide", () => {
    const fused = fuseSignals(
      [learned("ai-image", 0.2, false), learned("face-swap-mesonet", 0.99, true)],
      "video",
      models,
    );
    expect(fused.status).toBe("no-evidence");
  });

  it("does not compute a detector the fitted fusion left out, and says why", () => {
    expect(whyDetectorLeftOut("face-swap-mesonet", "video", models)).toMatch(/leaves this detector out/);
    expect(whyDetectorLeftOut("ai-image", "video", models)).toBeNull();
    expect(whyDetectorLeftOut("face-swap-mesonet", "image", models)).toBeNull();
  });

  it("lets a learned detector outside the kind's model (a video's voice) speak at its own operating point", () => {
    const signals = [learned("ai-image", 0.2, false), learned("voice-synthetic", 0.9, true)];
    const fused = fuseSignals(signals, "video", models);
    expect(fused.status).toBe("synthetic");
    expect(fused.operatingPoint).toEqual(point(0.6));
    expect(fused.explanation).toContain("voice-synthetic");
  });

  it("lets the face-swap detector call a swapped face synthetic at its own point though the picture model reads the picture as camera-made", () => {
    const swap = { ...learned("face-swap-mesonet", 0.8, true), operatingPoint: point(0.6, 0.008) };
    const signals = [learned("ai-image", 0.02, false), swap];
    const fused = fuseSignals(signals, "image", models);
    expect(fused.status).toBe("synthetic");
    expect(fused.operatingPoint).toEqual(point(0.6, 0.008));
    // At a point that errs on 2% of genuine pictures the same reading is only "possibly synthetic".
    expect(
      fuseSignals([learned("ai-image", 0.02, false), learned("face-swap-mesonet", 0.8, true)], "image", models).status,
    ).toBe("possibly-synthetic");
    expect(fused.explanation).toContain("face-swap-mesonet");
    expect(
      fuseSignals([learned("ai-image", 0.02, false), learned("face-swap-mesonet", 0.5, false)], "image", models).status,
    ).toBe("no-evidence");
  });

  it("states the percentage of what found something: a detector below its own point does not raise it", () => {
    const model = fuseSignals([learned("ai-image", 0.9, true)], "image", models);
    const withQuietSwapDetector = fuseSignals(
      [learned("ai-image", 0.9, true), learned("face-swap-mesonet", 0.55, false)],
      "image",
      models,
    );
    expect(withQuietSwapDetector.score).toBeCloseTo(model.score as number, 10);
    const withSwapFound = fuseSignals(
      [learned("ai-image", 0.9, true), learned("face-swap-mesonet", 0.8, true)],
      "image",
      models,
    );
    expect(withSwapFound.score).toBeGreaterThan(model.score as number);
  });

  it("still lets one strong declaration decide beside learned detectors that found nothing", () => {
    const c2pa: Signal = { id: "c2pa", status: "present", score: 0.99, explanation: "", evidence: {} };
    const fused = fuseSignals([c2pa, learned("ai-image", 0.1, false)], "image", models);
    expect(fused.status).toBe("synthetic");
    expect(fused.explanation).toContain("c2pa");
    // The learned detectors' error rates do not describe a verdict they did not reach.
    expect(fused.operatingPoint).toBeUndefined();
  });
});

describe("skipping a detector whose reading cannot change the verdict", () => {
  const small: FusionModels = {
    image: { weights: { "ai-image": 1, "face-synthetic": 0.07 }, bias: -1, operatingPoint: point(0.92) },
  };
  const declaration: Signal = {
    id: "generator-metadata",
    status: "present",
    score: 1,
    explanation: "",
    evidence: {},
  };
  const anyFaceReading = (aiImage: number) =>
    [0, 1e-6, 0.3, 0.5, 0.9, 1 - 1e-6, 1].map(
      (face) =>
        fuseSignals([learned("ai-image", aiImage, false), learned("face-synthetic", face, false)], "image", small)
          .status,
    );

  it("skips when even the most extreme face reading leaves the fused verdict where it is, either way", () => {
    for (const aiImage of [0.05, 0.5, 0.999999]) {
      const why = whyReadingCannotChangeVerdict(
        "face-synthetic",
        "image",
        [learned("ai-image", aiImage, false)],
        small,
      );
      expect(why).toContain("could not change the verdict");
      expect(new Set(anyFaceReading(aiImage)).size).toBe(1);
    }
  });

  it("computes it when some face reading would cross the threshold", () => {
    // logit(0.92) + 1 ≈ 3.44: ai-image at logit 3.44 sits on the threshold, so the face decides.
    const aiImage = 1 / (1 + Math.exp(-(Math.log(0.92 / 0.08) + 1)));
    expect(
      whyReadingCannotChangeVerdict("face-synthetic", "image", [learned("ai-image", aiImage, false)], small),
    ).toBeNull();
    expect(new Set(anyFaceReading(aiImage)).size).toBe(2);
  });

  it("skips once the file's own declaration decides, and never skips a detector the model does not weigh", () => {
    expect(whyReadingCannotChangeVerdict("face-synthetic", "image", [declaration], small)).toContain("declaration");
    expect(whyReadingCannotChangeVerdict("face-swap-mesonet", "image", [], small)).toBeNull();
  });
});
