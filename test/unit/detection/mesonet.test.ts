import { readFile } from "node:fs/promises";
import path from "node:path";
import { fitPlatt } from "@lg/fitting/calibration";
import { fitLogistic } from "@lg/fitting/cross-validation";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MESONET_CROP_MARGIN, planarUnitRgb } from "../../../packages/detection/src/faceswap/mesonet-input.js";
import { MesoNet } from "../../../packages/detection/src/faceswap/mesonet-model.js";
import {
  calibratedFakeProbability,
  faceSideTerm,
  logit,
  type MesoNetCalibration,
} from "../../../packages/detection/src/faceswap/operating-point.js";
import {
  mesonetCalibration,
  mesonetFaceReadings,
  mesonetSignal,
} from "../../../packages/detection/src/faceswap/signal.js";
import { decodeImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { aggregateOverFrames } from "../../../packages/detection/src/video-signals.js";
import { dataDir } from "./data-dir.js";

/**
 * Reference outputs (p(real)) from a float64 numpy forward pass of DariusAf/MesoNet's
 * classifiers.py over the same .h5 files, computed once at development time (h5py + numpy, not
 * part of the repo): a synthetic pattern, and MesoNet's own test crops (256×256 JPEGs as sharp
 * decodes them).
 */
const REFERENCE = {
  meso4: { pattern0: 0.5889461971835614, pattern1: 0.6124371730200662 },
  crops: {
    "df/df00204.jpg": { meso4: 0.05094192734396713, mesoinception4: 0.023945894263473225 },
    "df/df01254.jpg": { meso4: 0.038129425187016334, mesoinception4: 0.0016032712916688983 },
    "real/real00240.jpg": { meso4: 0.9897475495255871, mesoinception4: 0.9999999995822646 },
    "real/real00772.jpg": { meso4: 0.9985574147901773, mesoinception4: 1.0 },
  },
};

const mesonetCrops = path.join(dataDir, "fake-images/mesonet/test_images");

function pattern(seed: number): Float32Array {
  const rgb = new Uint8Array(256 * 256 * 3);
  for (let h = 0; h < 256; h++)
    for (let w = 0; w < 256; w++)
      for (let c = 0; c < 3; c++) rgb[(h * 256 + w) * 3 + c] = (h * 7 + w * 13 + c * 29 + seed * 61) % 256;
  return planarUnitRgb(rgb);
}

async function crop(file: string): Promise<Float32Array> {
  const { data } = await sharp(path.join(mesonetCrops, file))
    .resize(256, 256, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return planarUnitRgb(new Uint8Array(data));
}

const meso4 = new MesoNet("meso4");
const inception = new MesoNet("mesoinception4");

describe("MesoNet as an ONNX graph built from the Keras HDF5 weights", () => {
  it("matches the numpy reference of Meso4 on a batch of two inputs", async () => {
    const [a, b] = [pattern(0), pattern(1)];
    const batch = new Float32Array(a.length * 2);
    batch.set(a);
    batch.set(b, a.length);
    const out = await meso4.predict(batch);
    expect(out[0]).toBeCloseTo(REFERENCE.meso4.pattern0, 5);
    expect(out[1]).toBeCloseTo(REFERENCE.meso4.pattern1, 5);
  });

  it("matches the numpy reference of both variants on MesoNet's own test crops", async () => {
    for (const [file, expected] of Object.entries(REFERENCE.crops)) {
      const x = await crop(file);
      expect((await meso4.predict(x))[0]).toBeCloseTo(expected.meso4, 5);
      expect((await inception.predict(x))[0]).toBeCloseTo(expected.mesoinception4, 5);
    }
  });

  it("reads a DeepFake crop as less real than a genuine crop (the repo's label: 1 = real)", async () => {
    const fake = (await meso4.predict(await crop("df/df00204.jpg")))[0] as number;
    const real = (await meso4.predict(await crop("real/real00240.jpg")))[0] as number;
    expect(fake).toBeLessThan(0.5);
    expect(real).toBeGreaterThan(0.5);
  });
});

/** A face box whose MesoNet crop (1.3× its side) is the whole picture: these files are face crops already. */
const faceFillingPicture = (width: number, height: number) => {
  const side = Math.min(width, height) / MESONET_CROP_MARGIN;
  return [{ box: { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side } }];
};

async function decoded(file: string) {
  const bytes = new Uint8Array(await readFile(path.join(mesonetCrops, file)));
  return decodeImage(bytes, defaultLimits, defaultLimits.analysisMaxSide);
}

describe("mesonetSignal", () => {
  it("scores a face-swap picture above its genuine counterpart", async () => {
    const read = async (file: string) => {
      const image = await decoded(file);
      return mesonetSignal(image, faceFillingPicture(image.width, image.height));
    };
    const fake = await read("df/df01254.jpg");
    const real = await read("real/real00240.jpg");
    expect(fake.id).toBe("face-swap-mesonet");
    expect(fake.operatingPoint).toEqual(mesonetCalibration.operatingPoint);
    expect(fake.score as number).toBeGreaterThan(real.score as number);
    expect(fake.explanation).toContain(mesonetCalibration.operatingPoint.threshold.toFixed(3));
  });

  it("is unknown, not absent, when the weights are missing", async () => {
    const image = await decoded("real/real00240.jpg");
    const signal = await mesonetSignal(image, faceFillingPicture(image.width, image.height), {
      model: new MesoNet("meso4", "/nonexistent/Meso4_DF.h5"),
    });
    expect(signal.status).toBe("unknown");
    expect(signal.score).toBeUndefined();
    expect(signal.evidence.modelMissing).toBe("/nonexistent/Meso4_DF.h5");
  });

  it("reads at most the four largest faces of a crowded picture", async () => {
    const image = await decoded("real/real00240.jpg");
    const faces = [40, 90, 50, 120, 60, 100].map((side, i) => ({
      box: { x: i * 2, y: i * 2, width: side, height: side },
    }));
    const readings = await mesonetFaceReadings(image.pixels, image.scale, faces);
    expect(readings.map((r) => r.face)).toEqual([3, 5, 1, 4]);
  });

  it("is unknown when there is no face to examine", async () => {
    const image = await decoded("real/real00240.jpg");
    expect((await mesonetSignal(image, [])).status).toBe("unknown");
  });

  it("adds no evidence at an operating point no better than chance", async () => {
    const image = await decoded("df/df01254.jpg");
    const chance: MesoNetCalibration = {
      ...mesonetCalibration,
      operatingPoint: {
        ...mesonetCalibration.operatingPoint,
        threshold: 0,
        falsePositiveRate: 0.3,
        truePositiveRate: 0.3,
      },
    };
    const signal = await mesonetSignal(image, faceFillingPicture(image.width, image.height), { calibration: chance });
    expect(signal.score).toBe(0);
    expect(signal.status).toBe("absent");
    expect(signal.explanation).toContain("no better than chance");
  });
});

describe("MesoNet over a video's frames", () => {
  /** Each frame read as analyseVideo reads it (video-signals.ts), then aggregated over time. */
  const overFrames = async (files: string[], withFaces = true) => {
    const readings = await Promise.all(
      files.map(async (file, i) => {
        const image = await decoded(file);
        const faces = withFaces ? faceFillingPicture(image.width, image.height) : [];
        return { timeSeconds: i, signal: await mesonetSignal(image, faces) };
      }),
    );
    return aggregateOverFrames("face-swap-mesonet", readings);
  };

  it("scores a clip of swapped faces above a clip of genuine ones, citing its frames", async () => {
    const swapped = await overFrames(["df/df00204.jpg", "df/df01254.jpg", "df/df00204.jpg", "real/real00240.jpg"]);
    const genuine = await overFrames([
      "real/real00240.jpg",
      "real/real00772.jpg",
      "real/real00240.jpg",
      "real/real00772.jpg",
    ]);
    expect(swapped.score as number).toBeGreaterThan(genuine.score as number);
    const frames = swapped.evidence.frames as { timeSeconds: number }[];
    expect(frames.map((f) => f.timeSeconds)).toEqual([0, 1, 2]);
  });

  it("is unknown when no frame has a face", async () => {
    const signal = await overFrames(["real/real00240.jpg"], false);
    expect(signal.status).toBe("unknown");
  });
});

describe("Platt calibration", () => {
  it("recovers a monotone mapping that separates the classes", () => {
    const x = [-3, -2, -1, -0.5, 0.5, 1, 2, 3];
    const y = [0, 0, 0, 1, 0, 1, 1, 1];
    const platt = fitPlatt(x, y, { weighting: "equal", l2: 1e-3 });
    expect(platt.a).toBeGreaterThan(0);
    const calibration = { ...mesonetCalibration, platt };
    expect(calibratedFakeProbability(0.95, calibration, 128)).toBeGreaterThan(
      calibratedFakeProbability(0.05, calibration, 128),
    );
  });
});

describe("Calibration with the face's size", () => {
  // Swaps read fake on large faces; genuine faces read fake only when small (upscaled).
  const faces = [
    { pFake: 0.9, side: 40, swap: 0 },
    { pFake: 0.95, side: 50, swap: 0 },
    { pFake: 0.85, side: 60, swap: 0 },
    { pFake: 0.2, side: 300, swap: 0 },
    { pFake: 0.3, side: 250, swap: 0 },
    { pFake: 0.1, side: 200, swap: 0 },
    { pFake: 0.9, side: 280, swap: 1 },
    { pFake: 0.8, side: 220, swap: 1 },
    { pFake: 0.95, side: 260, swap: 1 },
    { pFake: 0.4, side: 240, swap: 0 },
  ];
  const calibrated = () => {
    const fit = fitLogistic(
      faces.map((f) => ({ x: [logit(f.pFake), faceSideTerm(f.side, 128)], y: f.swap, weight: 1 })),
      1e-3,
    );
    const [a = 0, linear = 0] = fit.weights;
    return {
      ...mesonetCalibration,
      platt: { a, b: fit.bias },
      faceSide: { centrePx: 128, linear, quadratic: 0 },
    };
  };

  it("reads the same raw score as more swap-like on a large face than on a small, upscaled one", () => {
    const calibration = calibrated();
    expect(calibratedFakeProbability(0.9, calibration, 260)).toBeGreaterThan(
      calibratedFakeProbability(0.9, calibration, 50),
    );
  });

  it("needs the face's size when the calibration weighs it", () => {
    expect(() => calibratedFakeProbability(0.9, calibrated())).toThrow(/size/);
  });
});
