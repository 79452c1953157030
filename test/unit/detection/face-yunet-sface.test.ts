import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../local/src/platform-simulator/seeded-random.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import { inspectImageForEnrolment } from "../../../packages/detection/src/face/enrolment.js";
import { ARCFACE_TEMPLATE, similarityTransform } from "../../../packages/detection/src/face/face-align.js";
import { FACE_EMBEDDING_MODEL } from "../../../packages/detection/src/face/face-pipeline.js";
import { matchFace } from "../../../packages/detection/src/face/match.js";
import { estimateYawDegrees } from "../../../packages/detection/src/face/quality.js";
import { DETECTOR_MAX_UPSCALE, decodeYunet, yunetInput } from "../../../packages/detection/src/face/yunet.js";
import type { RgbImage } from "../../../packages/detection/src/media/image.js";
import { dataFile } from "./data-dir.js";

/** Head outputs for a width × height input with every score 0 except the given cells. */
function headOutputs(
  width: number,
  height: number,
  cells: { stride: number; index: number; score: number; bbox: number[]; kps: number[] }[],
) {
  const outputs: Record<string, { data: Float32Array }> = {};
  for (const stride of [8, 16, 32]) {
    const n = (width / stride) * (height / stride);
    outputs[`cls_${stride}`] = { data: new Float32Array(n) };
    outputs[`obj_${stride}`] = { data: new Float32Array(n) };
    outputs[`bbox_${stride}`] = { data: new Float32Array(n * 4) };
    outputs[`kps_${stride}`] = { data: new Float32Array(n * 10) };
  }
  const head = (name: string) => outputs[name]?.data ?? new Float32Array();
  for (const cell of cells) {
    head(`cls_${cell.stride}`)[cell.index] = cell.score;
    head(`obj_${cell.stride}`)[cell.index] = cell.score;
    head(`bbox_${cell.stride}`).set(cell.bbox, cell.index * 4);
    head(`kps_${cell.stride}`).set(cell.kps, cell.index * 10);
  }
  return outputs;
}

describe("YuNet post-processing", () => {
  it("decodes a cell's box and landmarks on its stride's grid, score sqrt(cls·obj), and suppresses overlaps", () => {
    // 64×64 input: the stride-16 grid is 4×4; cell index 5 is row 1, column 1.
    const cell = {
      stride: 16,
      index: 5,
      score: 0.9,
      bbox: [0.5, 0.5, Math.log(2), Math.log(3)],
      kps: [0, 0, 1, 0, 0.5, 1, 0, 2, 1, 2],
    };
    const overlapping = { ...cell, stride: 8, index: 2 * 8 + 2, score: 0.8, bbox: [1, 1, Math.log(4), Math.log(6)] };
    const [face, ...others] = decodeYunet(headOutputs(64, 64, [cell, overlapping]), 64, 64);
    expect(others).toEqual([]);
    expect(face?.score).toBeCloseTo(0.9, 6);
    // Centre (1.5, 1.5)·16 = 24; width 2·16, height 3·16.
    // float32 outputs: log(2) and log(3) round-trip to within 1e-6.
    expect(face?.box).toEqual({
      x: expect.closeTo(24 - 16, 5),
      y: expect.closeTo(24 - 24, 5),
      width: expect.closeTo(32, 5),
      height: expect.closeTo(48, 5),
    });
    expect(face?.landmarks[0]).toEqual({ x: 16, y: 16 });
    expect(face?.landmarks[4]).toEqual({ x: 32, y: 48 });
  });

  it("drops cells under the detection score", () => {
    const weak = { stride: 32, index: 0, score: 0.5, bbox: [0, 0, 0, 0], kps: new Array(10).fill(0) };
    expect(decodeYunet(headOutputs(64, 64, [weak]), 64, 64)).toEqual([]);
  });

  it("enlarges small pictures at most 2× and pads the input to multiples of 32", () => {
    const input = yunetInput({ data: new Uint8Array(100 * 50 * 3).fill(200), width: 100, height: 50 });
    expect(input.scale).toBe(DETECTOR_MAX_UPSCALE);
    expect([input.width, input.height]).toEqual([224, 128]);
    const large = yunetInput({ data: new Uint8Array(1280 * 720 * 3), width: 1280, height: 720 });
    expect([large.width, large.height, large.scale]).toEqual([640, 384, 0.5]);
  });

  it("gives each input value as the per-pixel definitions do: the mean of the pixels a target covers, or bilinear taps", () => {
    // The definitions, one target pixel at a time (the input is planar BGR, zero-padded).
    const expected = (image: RgbImage, width: number, height: number, paddedWidth: number, paddedHeight: number) => {
      const plane = paddedWidth * paddedHeight;
      const out = new Float32Array(plane * 3);
      const sample = (x: number, y: number, c: number) => image.data[(y * image.width + x) * 3 + c] as number;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          for (let c = 0; c < 3; c++) {
            let value: number;
            if (width > image.width) {
              const sx = Math.min(image.width - 1, Math.max(0, ((x + 0.5) * image.width) / width - 0.5));
              const sy = Math.min(image.height - 1, Math.max(0, ((y + 0.5) * image.height) / height - 0.5));
              const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
              const [x1, y1] = [Math.min(image.width - 1, x0 + 1), Math.min(image.height - 1, y0 + 1)];
              const [wx, wy] = [sx - x0, sy - y0];
              const top = sample(x0, y0, c) * (1 - wx) + sample(x1, y0, c) * wx;
              const bottom = sample(x0, y1, c) * (1 - wx) + sample(x1, y1, c) * wx;
              value = top * (1 - wy) + bottom * wy;
            } else {
              const span = (i: number, source: number, target: number) => {
                const first = Math.floor((i * source) / target);
                return [first, Math.max(first + 1, Math.floor(((i + 1) * source) / target))] as const;
              };
              const [x0, x1] = span(x, image.width, width);
              const [y0, y1] = span(y, image.height, height);
              let sum = 0;
              for (let v = y0; v < y1; v++) for (let u = x0; u < x1; u++) sum += sample(u, v, c);
              value = sum / ((x1 - x0) * (y1 - y0));
            }
            out[(2 - c) * plane + y * paddedWidth + x] = value;
          }
      return out;
    };
    const bits = mulberry32(7);
    const random = () => Math.floor(bits() * 256);
    for (const [w, h] of [
      [1024, 768],
      [1000, 333],
      [641, 641],
      [640, 100],
      [300, 200],
      [500, 371],
      [7, 5],
    ] as const) {
      const image: RgbImage = { data: Uint8Array.from({ length: w * h * 3 }, random), width: w, height: h };
      const input = yunetInput(image);
      const width = Math.round(image.width * input.scale);
      const height = Math.round(image.height * input.scale);
      const want = expected(image, width, height, input.width, input.height);
      // Compared value by value (toEqual on a million floats takes half a minute).
      expect(input.data.length).toBe(want.length);
      expect(input.data.findIndex((value, i) => !Object.is(value, want[i]))).toBe(-1);
    }
  });
  it("fills a buffer left by an earlier detection as it would a new one, padding zeroed", () => {
    const image: RgbImage = { data: new Uint8Array(100 * 60 * 3).fill(90), width: 100, height: 60 };
    const used = new Float32Array(640 * 640 * 3).fill(7);
    const reused = yunetInput(image, used);
    expect(reused.data.buffer).toBe(used.buffer);
    expect(reused.data).toEqual(yunetInput(image).data);
    // Too small a buffer is left alone.
    expect(yunetInput(image, new Float32Array(16)).data.length).toBe(reused.data.length);
  });
});

describe("face alignment and quality from 5 landmarks", () => {
  it("recovers a similarity transform: rotation, scale and translation", () => {
    const angle = (10 * Math.PI) / 180;
    const [a, b] = [2.5 * Math.cos(angle), 2.5 * Math.sin(angle)];
    const src = ARCFACE_TEMPLATE.map((p) => ({ x: a * p.x - b * p.y + 7, y: b * p.x + a * p.y - 3 }));
    const t = similarityTransform(ARCFACE_TEMPLATE, src);
    expect(t.a).toBeCloseTo(a, 9);
    expect(t.b).toBeCloseTo(b, 9);
    expect(t.tx).toBeCloseTo(7, 9);
    expect(t.ty).toBeCloseTo(-3, 9);
  });

  it("reads yaw from where the nose tip sits between the eyes", () => {
    const face = (noseX: number) => [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: noseX, y: 40 },
      { x: 10, y: 80 },
      { x: 90, y: 80 },
    ];
    expect(estimateYawDegrees(face(50))).toBeCloseTo(0, 9);
    expect(estimateYawDegrees(face(75))).toBeCloseTo(30, 9);
    expect(estimateYawDegrees(face(25))).toBeCloseTo(-30, 9);
    expect(estimateYawDegrees([])).toBeNaN();
  });
});

describe("YuNet + SFace on photos", () => {
  it("gives each face its box, 5 landmarks inside it and a unit-length SFace embedding", {
    timeout: 120_000,
  }, async () => {
    const [face] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    if (!face) throw new Error("no face found");
    expect(face.embeddingModel).toBe(FACE_EMBEDDING_MODEL);
    expect(face.landmarks).toHaveLength(5);
    for (const p of face.landmarks) {
      expect(p.x).toBeGreaterThan(face.box.x);
      expect(p.x).toBeLessThan(face.box.x + face.box.width);
      expect(p.y).toBeGreaterThan(face.box.y);
      expect(p.y).toBeLessThan(face.box.y + face.box.height);
    }
    expect(Math.hypot(...face.descriptor)).toBeCloseTo(1, 5);
  });

  it("still matches a face shrunk to 12 px between the eyes and saved as JPEG quality 40", {
    timeout: 120_000,
  }, async () => {
    const [enrolled] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    const photo = dataFile("faces/deepface/img2.jpg");
    const [clean] = await faceDescriptors(photo);
    if (!enrolled || !clean) throw new Error("no face found");
    const [left, right] = clean.landmarks as [{ x: number; y: number }, { x: number; y: number }];
    const { width } = await sharp(photo).metadata();
    const shrunkWidth = Math.round(((width as number) * 12) / Math.hypot(right.x - left.x, right.y - left.y));
    const small = await sharp(photo).resize(shrunkWidth).jpeg({ quality: 40 }).toBuffer();
    const [probe] = await faceDescriptors(new Uint8Array(small));
    if (!probe) throw new Error("no face found in the 12 px copy");
    const match = matchFace(probe.descriptor, [{ personId: "ID01", face: [enrolled.descriptor], voice: [] }]);
    expect(match?.confidence).toBeGreaterThan(50);
  });
});

describe("enrolment gates on YuNet's landmarks", () => {
  it("accepts a sharp frontal portrait and refuses the same photo blurred", { timeout: 120_000 }, async () => {
    const photo = dataFile("faces/deepface/img1.jpg");
    const sharpPhoto = await inspectImageForEnrolment(photo);
    expect(sharpPhoto.reasons).toEqual([]);
    expect(sharpPhoto.descriptor).not.toBeNull();
    // Sigma 12 on a face 608 px wide: the aligned crop reads 40 (gate 73); unblurred it reads 1675.
    const blurred = new Uint8Array(await sharp(photo).blur(12).jpeg({ quality: 90 }).toBuffer());
    const inspection = await inspectImageForEnrolment(blurred);
    expect(inspection.reasons).toEqual(["photo too blurred"]);
    expect(inspection.descriptor).toBeNull();
  });
});
