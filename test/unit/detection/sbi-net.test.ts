import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { randomBlendParameters, selfBlend } from "@lg/fitting/self-blended";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../local/src/platform-simulator/seeded-random.js";
import { detectFacesInImage } from "../../../packages/detection/src/face/detect-faces.js";
import { mesonetCropRegion } from "../../../packages/detection/src/faceswap/mesonet-input.js";
import {
  SBI_NET_CROP_MARGIN,
  SBI_NET_SIZE,
  sbiNetCrop,
  toCropPixels,
} from "../../../packages/detection/src/faceswap/sbi-net-input.js";
import { SbiNet, sbiNetFile } from "../../../packages/detection/src/faceswap/sbi-net-model.js";
import {
  type SbiNetHead,
  sbiNetHead,
  sbiNetLevel,
  sbiNetOverTrack,
  sbiNetSignal,
  trackedIdentity,
  trackFace,
  whySbiNetIsSilent,
} from "../../../packages/detection/src/faceswap/sbi-net-signal.js";
import { type DecodedImage, decodeImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { sbiNet } from "../../../packages/detection/src/models/registry.js";
import type { DetectedFace } from "../../../packages/detection/src/result.js";
import { dataFile } from "./data-dir.js";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

async function decoded(relative: string): Promise<DecodedImage> {
  return decodeImage(dataFile(relative), defaultLimits, defaultLimits.analysisMaxSide);
}

/** A network whose readings are given, for the aggregation and level logic (the real one is tested below). */
class ReadingsNet extends SbiNet {
  private next = 0;
  constructor(private readonly probabilities: number[]) {
    super("unused", "unused");
  }
  protected override async load() {
    return { run: async () => ({}) };
  }
  protected override async run(_session: unknown, crops: Uint8Array[]) {
    return crops.map(() => {
      const probability = this.probabilities[this.next++ % this.probabilities.length] as number;
      return { logit: Math.log(probability / (1 - probability)), probability };
    });
  }
}

function face(box: DetectedFace["box"], personId: string | null, confidence = 90): DetectedFace {
  return {
    timeSeconds: 0,
    box,
    landmarks: [],
    descriptor: new Float32Array(0),
    embeddingModel: "sface-2021dec",
    quality: { detectionScore: 0.9, sizePx: Math.min(box.width, box.height), sharpness: 100, yawDegrees: 0 },
    match: personId ? { personId, distance: 0.2, confidence } : null,
  };
}

describe("the face-forgery network's input", () => {
  it("is the square of 1.5 times the face box around its centre, resized to the network's size, with landmarks mapped into it", async () => {
    const image = await decoded("faces/face_recognition/examples/lin-manuel-miranda.png");
    const [largest] = await detectFacesInImage(image, []);
    if (!largest) throw new Error("no face in the test portrait");
    const box = { ...largest.box };
    const crop = await sbiNetCrop(image.pixels, box);
    expect(crop.rgb.length).toBe(3 * SBI_NET_SIZE * SBI_NET_SIZE);
    expect(crop.region).toEqual(mesonetCropRegion(box, image.pixels.width, image.pixels.height, SBI_NET_CROP_MARGIN));
    const centre = toCropPixels({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, crop.region);
    expect(Math.abs(centre.x - SBI_NET_SIZE / 2)).toBeLessThan(SBI_NET_SIZE * 0.1);
    expect(Math.abs(centre.y - SBI_NET_SIZE / 2)).toBeLessThan(SBI_NET_SIZE * 0.1);
  });
});

describe("the committed face-forgery network", () => {
  it("is the file sbi-net.json pins, with its data manifest beside it", () => {
    const bytes = readFileSync(path.join(repoRoot, sbiNetFile.file));
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(sbiNetFile.sha256);
    expect(bytes.length).toBeLessThanOrEqual(25 * 1024 * 1024);
    const manifest = JSON.parse(
      readFileSync(path.join(repoRoot, "packages/detection/weights/sbi-net.manifest.json"), "utf8"),
    );
    expect(manifest.onnxSha256).toBe(sbiNetFile.sha256);
    expect(manifest.trainedOn.length).toBeGreaterThan(100);
    for (const file of manifest.trainedOn) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    // No source whose levels were measured on it was trained on.
    const trainedSources = new Set(manifest.trainedOn.map((f: { source: string }) => f.source));
    for (const source of Object.keys(sbiNetHead.levels.synthetic.byGenuineSource))
      expect(trainedSources.has(source)).toBe(false);
  });

  it("says unknown, naming the file, when the weights on disk are not the pinned ones", async () => {
    const image = await decoded("faces/face_recognition/examples/lin-manuel-miranda.png");
    const faces = await detectFacesInImage(image, []);
    const tampered = new SbiNet(path.join(repoRoot, "packages/detection/src/faceswap/sbi-net.json"));
    const signal = await sbiNetSignal(image, faces, { model: tampered });
    expect(signal.status).toBe("unknown");
    expect(signal.explanation).toMatch(/SHA-256/);
  });

  it("reads a genuine face lower than the same face self-blended (a pasted face's boundary)", async () => {
    const image = await decoded("faces/face_recognition/examples/lin-manuel-miranda.png");
    const [largest] = await detectFacesInImage(image, []);
    if (!largest) throw new Error("no face in the test portrait");
    const toAnalysis = (v: number) => v * image.scale;
    const analysisFace = {
      box: {
        x: toAnalysis(largest.box.x),
        y: toAnalysis(largest.box.y),
        width: toAnalysis(largest.box.width),
        height: toAnalysis(largest.box.height),
      },
      landmarks: largest.landmarks.map((p) => ({ x: toAnalysis(p.x), y: toAnalysis(p.y) })),
    };
    const random = mulberry32(7);
    const blends = Array.from(
      { length: 4 },
      () =>
        selfBlend(image.pixels, analysisFace, {
          ...randomBlendParameters(random),
          blendRatio: 1,
        }).image,
    );
    const model = sbiNet();
    const [genuine] = await model.predict([(await sbiNetCrop(image.pixels, analysisFace.box)).rgb]);
    const blended = await model.predict(
      await Promise.all(blends.map(async (b) => (await sbiNetCrop(b, analysisFace.box)).rgb)),
    );
    const meanBlended = blended.reduce((sum, r) => sum + r.probability, 0) / blended.length;
    expect(meanBlended).toBeGreaterThan((genuine?.probability ?? 1) + 0.05);
  });
});

describe("the face-forgery-net signal", () => {
  const head = (speaksAt: SbiNetHead["speaksAt"]): SbiNetHead => ({ ...sbiNetHead, speaksAt });

  it("states only the levels its fit earned", () => {
    const { synthetic, possible } = sbiNetHead.levels;
    const above = Math.min(1, synthetic.threshold + 1e-6);
    expect(sbiNetLevel(above, head("synthetic")).level).toBe("synthetic");
    expect(sbiNetLevel(above, head("possibly-synthetic")).level).toBe("possibly-synthetic");
    expect(sbiNetLevel(above, head("no-evidence")).level).toBe("no-evidence");
    expect(sbiNetLevel(possible.threshold - 1e-6, head("synthetic")).level).toBe("no-evidence");
    // Below every level, the bar it names is the lowest in force.
    expect(sbiNetLevel(possible.threshold - 1e-6, head("synthetic")).point).toBe(possible);
    expect(whySbiNetIsSilent(head("no-evidence"))).toMatch(/kept out of the verdict/);
    expect(whySbiNetIsSilent(head("possibly-synthetic"))).toBeNull();
  });

  it("on video reads the matched person's face track, not the largest face", () => {
    const big = face({ x: 0, y: 0, width: 300, height: 300 }, null);
    const matched = face({ x: 400, y: 0, width: 80, height: 80 }, "person-1", 80);
    const frames = [{ faces: [big] }, { faces: [big, matched] }];
    expect(trackedIdentity(frames)).toBe("person-1");
    expect(trackFace([big, matched], "person-1")).toBe(matched);
    expect(trackFace([big], "person-1")).toBeUndefined();
    expect(trackFace([matched, big], null)).toBe(big);
  });

  it("aggregates a face track so that one odd frame cannot flag a genuine video", async () => {
    const { possible } = sbiNetHead.levels;
    const low = Math.max(0.001, possible.threshold - 0.3);
    const readings = [low, low, low, 0.9999, low, low, low, low];
    const pixels = { data: new Uint8Array(256 * 256 * 3).fill(128), width: 256, height: 256 };
    const image: DecodedImage = { format: "png", width: 256, height: 256, pixels, scale: 1 };
    const frames = readings.map((_, i) => ({
      timeSeconds: i,
      image,
      faces: [face({ x: 64, y: 64, width: 128, height: 128 }, null)],
    }));
    const signal = await sbiNetOverTrack(frames, {
      model: new ReadingsNet(readings),
      head: head("possibly-synthetic"),
    });
    expect(signal.evidence.framesRead).toBe(8);
    expect(signal.status).toBe("absent");
    const swapped = await sbiNetOverTrack(frames, {
      model: new ReadingsNet(readings.map(() => 0.9999)),
      head: head("possibly-synthetic"),
    });
    expect(swapped.status).toBe("present");
    expect(swapped.operatingPoint?.maxFalsePositiveRate).toBe(possible.maxFalsePositiveRate);
  });
});
