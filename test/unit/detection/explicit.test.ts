import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NsfwTfjsClassifier } from "../../../packages/detection/derive/nsfwjs-reference.js";
import {
  EXPLICIT_THRESHOLD,
  falsePositiveMeasurement,
  intimateFinding,
} from "../../../packages/detection/src/explicit/finding.js";
import { NsfwOnnxClassifier, type NsfwProbabilities } from "../../../packages/detection/src/explicit/nsfw-model.js";
import { decodeImage, type RgbImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { nsfwClassifier } from "../../../packages/detection/src/models/registry.js";
import { dataDir } from "./data-dir.js";

async function picture(relative: string) {
  const bytes = new Uint8Array(await readFile(path.join(dataDir, relative)));
  return decodeImage(bytes, defaultLimits, defaultLimits.analysisMaxSide);
}

/** Test double for the rule: a classifier that answers fixed class probabilities. */
class FixedReading extends NsfwOnnxClassifier {
  constructor(private readonly readings: NsfwProbabilities[]) {
    super();
  }
  private calls = 0;
  override async predict(_image: RgbImage): Promise<NsfwProbabilities> {
    return this.readings[Math.min(this.calls++, this.readings.length - 1)] as NsfwProbabilities;
  }
}

const reading = (p: Partial<NsfwProbabilities>): NsfwProbabilities => ({
  Drawing: 0,
  Hentai: 0,
  Neutral: 0,
  Porn: 0,
  Sexy: 0,
  ...p,
});

describe("intimateFinding with nsfwjs on TensorFlow.js wasm", () => {
  it("does not call a neutral face photo explicit", async () => {
    const finding = await intimateFinding(await picture("faces/deepface/img1.jpg"), { classifier: nsfwClassifier() });
    expect(finding.status).toBe("absent");
    expect(finding.score as number).toBeLessThan(0.2);
    const probabilities = finding.evidence.probabilities as NsfwProbabilities;
    expect(probabilities.Neutral).toBeGreaterThan(0.5);
    expect(finding.operatingPoint?.falsePositiveRate).toBe(falsePositiveMeasurement.falsePositiveRate);
    expect(finding.explanation).toContain("not measured");
  });

  it("is unknown when the classifier cannot load", async () => {
    const finding = await intimateFinding(await picture("faces/deepface/img1.jpg"), {
      classifier: new NsfwOnnxClassifier("/nonexistent/mobilenet_v2.onnx"),
    });
    expect(finding.status).toBe("unknown");
    expect(finding.score).toBeUndefined();
  });
});

describe("nsfwjs's MobileNetV2 rebuilt as an ONNX graph", () => {
  it("gives nsfwjs's own class probabilities (TensorFlow.js wasm) on genuine pictures", async () => {
    const onnx = new NsfwOnnxClassifier();
    const reference = new NsfwTfjsClassifier();
    for (const file of ["faces/deepface/img1.jpg", "fake-images/mesonet/test_images/real/real00240.jpg"]) {
      const { pixels } = await picture(file);
      const [ours, theirs] = [await onnx.predict(pixels), await reference.predict(pixels)];
      for (const name of Object.keys(theirs) as (keyof NsfwProbabilities)[])
        expect(ours[name]).toBeCloseTo(theirs[name], 4);
    }
  });
});

describe("the explicit rule", () => {
  it("counts Porn and Hentai together", async () => {
    const image = await picture("faces/deepface/img1.jpg");
    const finding = await intimateFinding(image, {
      classifier: new FixedReading([reading({ Porn: 0.3, Hentai: 0.25, Neutral: 0.45 })]),
    });
    expect(finding.status).toBe("present");
    expect(finding.score).toBeCloseTo(0.55, 10);
  });

  it("does not call a suggestive picture explicit on Sexy alone", async () => {
    const image = await picture("faces/deepface/img1.jpg");
    const finding = await intimateFinding(image, {
      classifier: new FixedReading([reading({ Sexy: 0.9, Porn: 0.05, Neutral: 0.05 })]),
    });
    expect(finding.status).toBe("absent");
    expect(finding.evidence.suggestive).toBe(true);
    expect(finding.score as number).toBeLessThan(EXPLICIT_THRESHOLD);
  });

  it("states the false-positive rate measured on genuine still pictures, with their count", async () => {
    const explicit = new FixedReading([reading({ Porn: 0.9 })]);
    const still = await intimateFinding(await picture("faces/deepface/img1.jpg"), { classifier: explicit });
    expect(still.operatingPoint?.falsePositiveRate).toBe(falsePositiveMeasurement.falsePositiveRate);
    expect(still.operatingPoint?.genuineCount).toBe(falsePositiveMeasurement.genuinePictures);
    expect(still.explanation).toContain(`of ${falsePositiveMeasurement.genuinePictures} genuine non-explicit pictures`);
  });
});
