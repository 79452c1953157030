import { hanleyMcNeilInterval, publicMetrics, samplesWords, wilsonInterval } from "@lg/domain/system/public-metrics";
import { describe, expect, it } from "vitest";

describe("public figures about the system", () => {
  const MACHINE = {
    cpuModel: "AMD EPYC 7B13",
    arch: "x64",
    isa: ["avx2", "fma"],
    onnxruntime: "1.22.0",
    threads: 2,
    measuredAt: "2026-11-22T23:40:00.000Z",
  };

  it("takes face accuracy, pair counts and image latency from the detection benchmark's report", () => {
    const report = {
      face: { tarAtFar1e3: 0.994, tarAtFar1e2: 1, pairs: { genuine: 175, impostor: 1655 }, calibration: {} },
      latency: { imageP50Ms: 182.5, imageP95Ms: 260 },
      machine: MACHINE,
      date: "2026-11-22T23:40:00.000Z",
    };
    expect(publicMetrics(report, 19)).toEqual({
      detection: {
        faceTarAtFar1e3: 0.994,
        faceTarAtFar1e2: 1,
        facePairs: { genuine: 175, impostor: 1655 },
        modalities: [
          {
            modality: "face-match",
            measure: "Same-person face pairs recognised, allowing 1 false match in 1,000",
            value: 0.994,
            samples: [
              { count: 175, of: "same-person pairs" },
              { count: 1655, of: "different-person pairs" },
            ],
            set: "every pair of the face photos of the deepface and face_recognition projects' test sets",
            interval: {
              low: expect.closeTo(0.9683, 3),
              high: expect.closeTo(0.999, 3),
              method:
                "Wilson score interval over the 175 same-person pairs (pairs share photos, so the true uncertainty is wider)",
            },
          },
        ],
        imageP50Ms: 182.5,
        imageP95Ms: 260,
        machine: MACHINE,
        measuredAt: "2026-11-22T23:40:00.000Z",
      },
      platformsMonitored: 19,
    });
  });

  it("serves no bare figure whose modality's figure is not published: too few samples, or none given", () => {
    const report = {
      speaker: { eer: 0.0089 },
      clone: { eer: 0.07, eerBySystem: { "tortoise:pat": 0.12, "tortoise:lj": 0.04 }, threshold: 0.4 },
      syntheticImage: { auc: 0.97, tprAtFpr2: 0.91, bySystem: {} },
      faceSwap: { auc: 0.88 },
      latency: { audioRealTimeFactor: 0.041 },
      machine: MACHINE,
    };
    expect(publicMetrics(report, 19).detection).toEqual({ audioRealTimeFactor: 0.041, machine: MACHINE });
  });

  it("states each figure with its set, sample sizes and 95% interval, and none on fewer than 100 of a class", () => {
    const report = {
      face: { images: 61, tarAtFar1e3: 1, pairs: { genuine: 175, impostor: 1655 } },
      speaker: { clips: 50, eer: 0.0089, pairs: { genuine: 225, impostor: 1000 } },
      clone: { eer: 0.06, eerBySystem: { "tortoise:pat": 0.1 }, clips: { genuine: 64, synthetic: 104, unscored: 0 } },
      syntheticImage: {
        auc: 0.95,
        tprAtFpr2: 0.73,
        genuineFalsePositiveRate: { all: { genuine: 66, flagged: 0, rate: 0 }, bySource: {} },
        recallBySystem: { all: { synthetic: 11, flagged: 8, rate: 0.727 }, bySource: {} },
      },
      faceSwap: {
        auc: 0.9276,
        sbi: {
          swapped: { pictures: 2, frames: 0 },
          genuine: { pictures: 66, frames: 10 },
          speaksAt: "possibly-synthetic",
        },
      },
    };
    const detection = publicMetrics(report, 19).detection;
    const figures = detection?.modalities ?? [];
    // The face-swap AUC over 2 swapped faces, the 8-of-11 synthetic recall and the clone EER over 64 genuine
    // clips are not shown, nor served bare.
    expect(figures.map((f) => [f.modality, f.value, samplesWords(f.samples)])).toEqual([
      ["face-match", 1, "175 same-person pairs and 1,655 different-person pairs"],
      ["speaker-match", 0.0089, "225 same-speaker pairs and 1,000 different-speaker pairs"],
    ]);
    expect(detection).not.toHaveProperty("faceSwapAuc");
    expect(detection).not.toHaveProperty("syntheticImageRecallAtFpr2");
    expect(detection).not.toHaveProperty("cloneEer");
    expect(detection?.faceTarAtFar1e3).toBe(1);
    const [face, speaker] = figures;
    expect(face?.set).toBe("every pair of 61 face photos of the deepface and face_recognition projects' test sets");
    // Wilson at 175 of 175: [0.9785, 1].
    expect(face?.interval.low).toBeCloseTo(0.9785, 4);
    expect(face?.interval.high).toBe(1);
    expect(face?.interval.method).toMatch(/^Wilson score interval over the 175 same-person pairs/);
    expect(speaker?.set).toBe("every pair of 50 LibriSpeech clips");
    // 0.0089 of 225 is 2 pairs: Wilson [0.0024, 0.0318].
    expect(speaker?.interval.low).toBeCloseTo(0.0024, 4);
    expect(speaker?.interval.high).toBeCloseTo(0.0318, 4);
    // Enough of each class, and the figures come back.
    const plenty = publicMetrics(
      {
        ...report,
        clone: { ...report.clone, clips: { genuine: 120, synthetic: 140, unscored: 0 } },
        faceSwap: {
          auc: 0.9,
          sbi: { ...report.faceSwap.sbi, swapped: { pictures: 150, frames: 0 }, genuine: { pictures: 120, frames: 0 } },
        },
      },
      19,
    ).detection;
    expect(plenty?.modalities?.map((f) => f.modality)).toEqual([
      "face-match",
      "speaker-match",
      "voice-clone",
      "face-swap",
    ]);
    const swap = plenty?.modalities?.find((f) => f.modality === "face-swap");
    expect(swap?.interval.method).toMatch(/Hanley and McNeil/);
    expect(swap?.interval.low).toBeLessThan(0.9);
    expect(plenty?.cloneEer).toBe(0.06);
    const thin = publicMetrics(
      { face: { tarAtFar1e3: 1, pairs: { genuine: 10, impostor: 45 } }, speaker: { eer: 0.01 } },
      19,
    );
    expect(thin.detection?.modalities).toBeUndefined();
  });

  it("computes Wilson and Hanley-McNeil intervals as published", () => {
    // Wilson 95% for 8 of 11: [0.4344, 0.9025] (Newcombe 1998's method 3).
    const w = wilsonInterval(8, 11);
    expect(w.low).toBeCloseTo(0.4344, 3);
    expect(w.high).toBeCloseTo(0.9025, 3);
    // Hanley and McNeil's formula (1982, eq. 2): AUC 0.9 over 100 and 100 has SE 0.0226 (their table lists 0.023).
    const h = hanleyMcNeilInterval(0.9, 100, 100);
    expect((h.high - h.low) / 2 / 1.959964).toBeCloseTo(0.0226, 4);
  });

  it("reads the machine as the benchmark writes it: onnxThreads for threads, with its class and cores", () => {
    const { threads: _threads, ...rest } = MACHINE;
    const report = {
      latency: { imageP50Ms: 442 },
      machine: { ...rest, onnxThreads: 1, cores: 2, machineClass: "x86-64 AVX-512 VNNI", node: "v22" },
    };
    expect(publicMetrics(report, 19).detection?.machine).toEqual({
      ...rest,
      threads: 1,
      cores: 2,
      machineClass: "x86-64 AVX-512 VNNI",
    });
    expect(publicMetrics(report, 19).detection?.imageP50Ms).toBe(442);
    const { threads: _t, ...noThreads } = MACHINE;
    expect(publicMetrics({ latency: { imageP50Ms: 442 }, machine: noThreads }, 19).detection).toBeUndefined();
  });

  it("serves the face calibration and the false-match thresholds the pairs can measure, for match bands", () => {
    const face = {
      pairs: { genuine: 175, impostor: 1655 },
      thresholdAtFar1e3: 0.667,
      thresholdAtFar1e2: 0.7,
      calibration: { metric: "cosine", a: 135.4, b: -83.98, threshold: 0.62 },
    };
    expect(publicMetrics({ face, date: "2026-11-24T04:06:04.799Z" }, 19).detection?.faceFalseMatch).toEqual({
      modality: "face",
      calibration: { a: 135.4, b: -83.98 },
      thresholds: [
        { falseMatchRate: 0.001, distance: 0.667 },
        { falseMatchRate: 0.01, distance: 0.7 },
      ],
      impostorPairs: 1655,
      measuredAt: "2026-11-24T04:06:04.799Z",
    });
    // 1 in 1,000 cannot be stated from 500 pairs of different people; 1 in 100 can.
    const fewer = { ...face, pairs: { genuine: 175, impostor: 500 } };
    expect(publicMetrics({ face: fewer }, 19).detection?.faceFalseMatch?.thresholds).toEqual([
      { falseMatchRate: 0.01, distance: 0.7 },
    ]);
  });

  it("serves the speaker benchmark's thresholds and the voice calibration for voice match bands", () => {
    const speaker = {
      eer: 0.0089,
      pairs: { genuine: 225, impostor: 1000 },
      thresholdAtFar1e3: 0.2476,
      thresholdAtFar1e2: 0.2722,
      calibration: { metric: "cosine", a: 72.3, b: -19.43 },
    };
    expect(publicMetrics({ speaker }, 19).detection?.voiceFalseMatch).toEqual({
      modality: "voice",
      calibration: { a: 72.3, b: -19.43 },
      thresholds: [
        { falseMatchRate: 0.001, distance: 0.2476 },
        { falseMatchRate: 0.01, distance: 0.2722 },
      ],
      impostorPairs: 1000,
    });
    const { calibration: _c, ...uncalibrated } = speaker;
    expect(publicMetrics({ speaker: uncalibrated }, 19).detection?.voiceFalseMatch).toBeUndefined();
  });

  it("serves no timing from a report that does not name the machine it was measured on", () => {
    const report = {
      latency: { imageP50Ms: 182.5, imageP95Ms: 260, audioRealTimeFactor: 0.041 },
      speaker: { eer: 0.07, pairs: { genuine: 225, impostor: 1000 } },
    };
    const detection = publicMetrics(report, 19).detection;
    expect(detection?.speakerEer).toBe(0.07);
    expect(detection).not.toHaveProperty("imageP50Ms");
    expect(detection).not.toHaveProperty("audioRealTimeFactor");
  });

  it("shows no detection figure when the report measured none, rather than inventing one", () => {
    expect(publicMetrics({ provenance: { precision: 1 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics(undefined, 19)).toEqual({ platformsMonitored: 19 });
  });

  it("drops a figure that is out of range instead of passing it to the page, keeping the others", () => {
    expect(publicMetrics({ face: { tarAtFar1e3: 99.4 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics({ latency: { imageP50Ms: -1 } }, 19)).toEqual({ platformsMonitored: 19 });
    const pairs = { genuine: 225, impostor: 1000 };
    expect(publicMetrics({ clone: { eer: 1.5 }, speaker: { eer: 0.01, pairs } }, 19).detection?.speakerEer).toBe(0.01);
  });
});
