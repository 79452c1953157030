import { beforeAll, describe, expect, it } from "vitest";
import { FACE_API_NETS, type RawFace, runFaceApi } from "../../../packages/detection/src/face/face-api-pipeline.js";
import { createFaceDescriber, type FaceDescriber } from "../../../packages/detection/src/face/onnx/face-describer.js";
import { decodeImage, type RgbImage } from "../../../packages/detection/src/media/image.js";
import { resolveLimits } from "../../../packages/detection/src/media/limits.js";
import {
  type FaceApiModule,
  faceApiModelDir,
  loadFaceApiOnWasm,
} from "../../../packages/detection/src/runtimes/tfjs-wasm.js";
import { dataFile } from "./data-dir.js";

// Real pictures at full resolution: a crowd, two people side by side, a 240p frame and large
// portraits, so crops from ~40 px to over 1000 px wide, square-padded both ways, are covered.
const PICTURES = [
  "faces/deepface/selfie-many-people.jpg",
  "faces/face_recognition/examples/two_people.jpg",
  "faces/face_recognition/examples/obama-240p.jpg",
  "faces/face_recognition/examples/obama-1080p.jpg",
  "faces/deepface/couple.jpg",
  "faces/deepface/img1.jpg",
  "faces/deepface/img3.jpg",
  "faces/deepface/img26.jpg",
];

/** Match decisions sit around a 0.4-0.6 descriptor distance; parity must be far finer. */
const MAX_DESCRIPTOR_DISTANCE = 0.01;
const MAX_LANDMARK_ERROR_PX = 0.5;

const distance = (a: Float32Array, b: Float32Array) => Math.hypot(...Array.from(a, (v, i) => v - (b[i] as number)));

interface Pixels32 {
  data: Int32Array;
  width: number;
  height: number;
}

async function decode(relative: string): Promise<RgbImage> {
  return (await decodeImage(dataFile(relative), resolveLimits({}), Number.POSITIVE_INFINITY)).pixels;
}

describe("face landmarks and descriptors on onnxruntime", () => {
  let faceapi: FaceApiModule;
  let describeFaces: FaceDescriber;

  beforeAll(async () => {
    faceapi = await loadFaceApiOnWasm();
    for (const net of FACE_API_NETS) await faceapi.nets[net].loadFromDisk(faceApiModelDir());
    describeFaces = await createFaceDescriber();
  }, 120_000);

  /** Runs face-api, then ours on face-api's detections, and compares; returns the face count. */
  async function expectFaceApiParity(label: string, { data, width, height }: RgbImage | Pixels32): Promise<number> {
    const expected: RawFace[] = await runFaceApi(faceapi, data, width, height);
    expect(expected.length, label).toBeGreaterThan(0);
    const detections = expected.map(({ box, score }) => ({ box, score }));
    const actual = await describeFaces(data, width, height, detections);
    expect(actual.length, label).toBe(expected.length);
    expected.forEach((face, i) => {
      const ours = actual[i] as RawFace;
      expect(ours.box).toEqual(face.box);
      expect(ours.score).toBe(face.score);
      expect(ours.landmarks).toHaveLength(68);
      const landmarkError = Math.max(
        ...face.landmarks.map((p, k) =>
          Math.max(
            Math.abs(p.x - (ours.landmarks[k]?.x ?? Number.NaN)),
            Math.abs(p.y - (ours.landmarks[k]?.y ?? Number.NaN)),
          ),
        ),
      );
      expect(landmarkError, `${label} face ${i} landmarks`).toBeLessThan(MAX_LANDMARK_ERROR_PX);
      expect(ours.descriptor).toHaveLength(128);
      expect(distance(ours.descriptor, face.descriptor), `${label} face ${i} descriptor`).toBeLessThan(
        MAX_DESCRIPTOR_DISTANCE,
      );
    });
    return expected.length;
  }

  it("gives face-api's landmarks and descriptors for face-api's detections", { timeout: 300_000 }, async () => {
    let faces = 0;
    for (const picture of PICTURES) faces += await expectFaceApiParity(picture, await decode(picture));
    expect(faces).toBeGreaterThanOrEqual(PICTURES.length + 4);
  });

  it("gives face-api's results for a face cut by the picture's edge, from int32 pixels", {
    timeout: 120_000,
  }, async () => {
    const full = await decode("faces/face_recognition/examples/two_people.jpg");
    const faces = await runFaceApi(faceapi, full.data, full.width, full.height);
    const right = faces.reduce((a, b) => (b.box.x > a.box.x ? b : a));
    // Cut 30% into the right-hand face: its box, landmarks and aligned crop cross the left edge.
    const left = Math.round(right.box.x + right.box.width * 0.3);
    const width = full.width - left;
    const data = new Int32Array(width * full.height * 3);
    for (let y = 0; y < full.height; y++)
      data.set(full.data.subarray((y * full.width + left) * 3, (y + 1) * full.width * 3), y * width * 3);
    expect(await expectFaceApiParity("face cut by the left edge", { data, width, height: full.height })).toBe(1);
  });

  it("describes each face the same alone as in batches with other faces", { timeout: 120_000 }, async () => {
    const { data, width, height } = await decode("faces/deepface/selfie-many-people.jpg");
    const detections = (await runFaceApi(faceapi, data, width, height)).map(({ box, score }) => ({ box, score }));
    expect(detections.length).toBeGreaterThan(1);
    // Twice over, so the crowd spans more than one batch.
    const crowd = [...detections, ...detections];
    const batched = await describeFaces(data, width, height, crowd);
    expect(batched).toHaveLength(crowd.length);
    for (const [i, detection] of detections.entries()) {
      const [alone] = await describeFaces(data, width, height, [detection]);
      if (!alone) throw new Error(`face ${i} was not described alone`);
      for (const copy of [batched[i], batched[i + detections.length]] as RawFace[]) {
        expect(distance(alone.descriptor, copy.descriptor)).toBeLessThan(1e-4);
        expect(copy.landmarks).toHaveLength(68);
        expect(Math.abs((copy.landmarks[30]?.x ?? 0) - (alone.landmarks[30]?.x ?? 1))).toBeLessThan(1e-3);
      }
    }
  });

  it("skips a detection wholly outside the picture and describes none for no detections", async () => {
    const { data, width, height } = await decode("faces/face_recognition/examples/obama-240p.jpg");
    const outside = { box: { x: width + 10, y: 0, width: 50, height: 50 }, score: 0.9 };
    expect(await describeFaces(data, width, height, [outside])).toEqual([]);
    expect(await describeFaces(data, width, height, [])).toEqual([]);
  });

  it("refuses pixels that do not match the stated size", async () => {
    await expect(describeFaces(new Uint8Array(10 * 10 * 3), 10, 11, [])).rejects.toThrow(/10×11×3/);
  });
});
