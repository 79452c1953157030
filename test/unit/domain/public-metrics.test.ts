import { publicMetrics, samplesWords } from "@lg/domain/system/public-metrics";
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

  it("serves every modality's measured figures: speakers, cloned voices per system, synthetic images, face swaps", () => {
    const report = {
      speaker: { eer: 0.0089 },
      clone: { eer: 0.07, eerBySystem: { "tortoise:pat": 0.12, "tortoise:lj": 0.04 }, threshold: 0.4 },
      syntheticImage: { auc: 0.97, tprAtFpr2: 0.91, bySystem: {} },
      faceSwap: { auc: 0.88 },
      latency: { audioRealTimeFactor: 0.041 },
      machine: MACHINE,
    };
    expect(publicMetrics(report, 19).detection).toEqual({
      speakerEer: 0.0089,
      cloneEer: 0.07,
      cloneEerBySystem: { "tortoise:pat": 0.12, "tortoise:lj": 0.04 },
      syntheticImageRecallAtFpr2: 0.91,
      syntheticImageAuc: 0.97,
      faceSwapAuc: 0.88,
      audioRealTimeFactor: 0.041,
      machine: MACHINE,
    });
  });

  it("states every modality's figure with the held-out material it was measured on, synthetic pictures at the 'synthetic' level", () => {
    const report = {
      face: { tarAtFar1e3: 1, pairs: { genuine: 175, impostor: 1655 } },
      speaker: { eer: 0.0089, pairs: { genuine: 225, impostor: 1000 } },
      clone: { eer: 0.06, clips: { genuine: 64, synthetic: 104, unscored: 0 } },
      syntheticImage: {
        auc: 0.95,
        tprAtFpr2: 0.73,
        genuineFalsePositiveRate: { all: { genuine: 66, flagged: 0, rate: 0 }, bySource: {} },
        recallBySystem: { all: { synthetic: 11, flagged: 3, rate: 0.27 }, bySource: {} },
        signals: { faceSwap: { crops: { genuine: 12, synthetic: 2 } } },
      },
      faceSwap: { auc: 0.21 },
    };
    const figures = publicMetrics(report, 19).detection?.modalities ?? [];
    expect(figures.map((f) => [f.modality, f.value, samplesWords(f.samples)])).toEqual([
      ["face-match", 1, "175 same-person pairs and 1,655 different-person pairs"],
      ["speaker-match", 0.0089, "225 same-speaker pairs and 1,000 different-speaker pairs"],
      ["voice-clone", 0.06, "104 cloned clips and 64 genuine clips"],
      ["synthetic-image", 3 / 11, "11 AI-generated pictures"],
      ["synthetic-image", 0, "66 genuine pictures"],
      ["face-swap", 0.21, "2 swapped faces and 12 genuine faces"],
    ]);
    // No figure without its sample sizes: the face rate at 1 in 1,000 needs 1,000 different-person pairs.
    // The SBI head's figure is measured on its own pictures and frames, and shown only once it decides verdicts.
    const withSbi = (decidesVerdicts: boolean) =>
      publicMetrics(
        {
          ...report,
          faceSwap: {
            auc: 0.967,
            sbi: { swapped: { pictures: 2, frames: 0 }, genuine: { pictures: 66, frames: 10 }, decidesVerdicts },
          },
        },
        19,
      );
    const sbi = withSbi(true).detection?.modalities?.find((f) => f.modality === "face-swap");
    expect(sbi && [sbi.value, samplesWords(sbi.samples)]).toEqual([0.967, "2 swapped faces and 76 genuine faces"]);
    const research = withSbi(false);
    expect(research.detection?.modalities?.find((f) => f.modality === "face-swap")).toBeUndefined();
    expect(research.detection?.faceSwapAuc).toBeUndefined();
    // The head's fit decides whether it speaks: at "possibly synthetic" it is part of the verdicts.
    const speaking = (speaksAt: string) =>
      publicMetrics(
        {
          ...report,
          faceSwap: {
            auc: 0.928,
            sbi: { swapped: { pictures: 2, frames: 0 }, genuine: { pictures: 66, frames: 10 }, speaksAt },
          },
        },
        19,
      ).detection?.modalities?.find((f) => f.modality === "face-swap")?.value;
    expect(speaking("possibly-synthetic")).toBe(0.928);
    expect(speaking("no-evidence")).toBeUndefined();
    const thin = publicMetrics(
      { face: { tarAtFar1e3: 1, pairs: { genuine: 10, impostor: 45 } }, speaker: { eer: 0.01 } },
      19,
    );
    expect(thin.detection?.modalities).toBeUndefined();
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
      clone: { eer: 0.07 },
    };
    expect(publicMetrics(report, 19).detection).toEqual({ cloneEer: 0.07 });
  });

  it("shows no detection figure when the report measured none, rather than inventing one", () => {
    expect(publicMetrics({ provenance: { precision: 1 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics(undefined, 19)).toEqual({ platformsMonitored: 19 });
  });

  it("drops a figure that is out of range instead of passing it to the page, keeping the others", () => {
    expect(publicMetrics({ face: { tarAtFar1e3: 99.4 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics({ latency: { imageP50Ms: -1 } }, 19)).toEqual({ platformsMonitored: 19 });
    expect(publicMetrics({ clone: { eer: 1.5 }, speaker: { eer: 0.01 } }, 19).detection).toEqual({ speakerEer: 0.01 });
  });
});
