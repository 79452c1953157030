import { beforeAll, describe, expect, it } from "vitest";
import { MIN_DETECTION_SCORE } from "../../../packages/detection/src/face/face-api-pipeline.js";
import { type SsdDetection, SsdMobilenetV1 } from "../../../packages/detection/src/face/onnx/ssd-mobilenet.js";
import { toImageDetections } from "../../../packages/detection/src/face/onnx/ssd-output.js";
import { decodeImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import {
  type FaceApiModule,
  faceApiModelDir,
  loadFaceApiOnWasm,
} from "../../../packages/detection/src/runtimes/tfjs-wasm.js";
import { dataFile } from "./data-dir.js";

// Real pictures decoded as the pipeline decodes them: many faces, two people, a small one
// (enlarged to 512), portraits and landscapes (padded below or to the right), an exact 512 square
// (no resize) and generated pictures with and without a face.
const PICTURES = [
  "faces/deepface/selfie-many-people.jpg",
  "faces/face_recognition/examples/two_people.jpg",
  "faces/deepface/couple.jpg",
  "faces/face_recognition/examples/obama-240p.jpg",
  "faces/deepface/img42.jpg",
  "faces/deepface/img1.jpg",
  "faces/face_recognition/examples/obama-1080p.jpg",
  "faces/face_recognition/examples/alex-lacamoire.png",
  "provenance/comfyui-examples/sdturbo/sdxlturbo_example.png",
  "provenance/comfyui-examples/flux/girl_in_field.png",
  "provenance/comfyui-examples/sdxl/sdxl_simple_example.png",
];

async function faceApiDetections(
  faceapi: FaceApiModule,
  rgb: Uint8Array,
  width: number,
  height: number,
): Promise<SsdDetection[]> {
  const tensor = faceapi.tf.tensor3d(rgb, [height, width, 3], "int32");
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_DETECTION_SCORE });
    const detections = await faceapi.detectAllFaces(tensor, options);
    return detections.map(({ score, box }) => ({
      score,
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
    }));
  } finally {
    tensor.dispose();
  }
}

// The port runs the same weights in float32 on other kernels: its boxes differ from face-api's by
// about 1e-4 px and its scores by about 1e-6. The bounds below are far inside the 1 px / 0.005
// the pipeline needs, yet tight enough to catch a slightly wrong normalisation or resize.
const BOX_TOLERANCE_PX = 0.01;
const SCORE_TOLERANCE = 0.0001;

describe("SSD MobileNet v1 face detector on onnxruntime", () => {
  // The model class face-model.ts runs, called the way it calls it.
  const model = new SsdMobilenetV1();
  const detect = (rgb: Uint8Array | Int32Array, width: number, height: number) => model.predict({ rgb, width, height });
  let faceapi: FaceApiModule;

  beforeAll(async () => {
    await model.ready();
    faceapi = await loadFaceApiOnWasm();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(faceApiModelDir());
  }, 120_000);

  it("finds the faces face-api finds, in its order, with the same boxes and scores", async () => {
    const counts: Record<string, number> = {};
    for (const picture of PICTURES) {
      const { pixels } = await decodeImage(dataFile(picture), defaultLimits, defaultLimits.analysisMaxSide);
      const ours = await detect(pixels.data, pixels.width, pixels.height);
      const reference = await faceApiDetections(faceapi, pixels.data, pixels.width, pixels.height);
      counts[picture] = reference.length;
      expect(ours.length, picture).toBe(reference.length);
      ours.forEach((face, i) => {
        const expected = reference[i] as SsdDetection;
        expect(Math.abs(face.score - expected.score), `${picture} face ${i} score`).toBeLessThanOrEqual(
          SCORE_TOLERANCE,
        );
        for (const side of ["x", "y", "width", "height"] as const)
          expect(Math.abs(face.box[side] - expected.box[side]), `${picture} face ${i} ${side}`).toBeLessThanOrEqual(
            BOX_TOLERANCE_PX,
          );
      });
    }
    // The comparison means something only if the reference found faces where there are faces.
    expect(counts["faces/deepface/selfie-many-people.jpg"]).toBeGreaterThanOrEqual(5);
    expect(counts["faces/face_recognition/examples/two_people.jpg"]).toBe(2);
    expect(counts["provenance/comfyui-examples/sdxl/sdxl_simple_example.png"]).toBe(0);
  }, 120_000);

  it("accepts tfjs-style int32 pixels as well as bytes", async () => {
    const { pixels } = await decodeImage(
      dataFile("faces/face_recognition/examples/obama-240p.jpg"),
      defaultLimits,
      defaultLimits.analysisMaxSide,
    );
    const fromBytes = await detect(pixels.data, pixels.width, pixels.height);
    const fromInt32 = await detect(Int32Array.from(pixels.data), pixels.width, pixels.height);
    expect(fromInt32).toEqual(fromBytes);
    expect(fromBytes).toHaveLength(1);
  });

  it("refuses pixels that do not match the stated size with a RangeError", async () => {
    await expect(detect(new Uint8Array(10 * 10 * 3), 10, 11)).rejects.toThrow(RangeError);
    await expect(detect(new Uint8Array(0), 0, 0)).rejects.toThrow(/invalid image size/);
  });

  it("drops a detection lying wholly beyond the padded square instead of failing the picture", () => {
    // [ymin, xmin, ymax, xmax]: one box inside, one to the right of the square's edge.
    const boxes = Float32Array.of(0.1, 0.2, 0.3, 0.4, 0.1, 1.1, 0.3, 1.3);
    const scores = Float32Array.of(0.9, 0.8);
    const image = { width: 1000, height: 500, scaledWidth: 512, scaledHeight: 256, size: 512 };
    const detections = toImageDetections(boxes, scores, [0, 1], image);
    expect(detections).toHaveLength(1);
    expect(detections[0]?.score).toBeCloseTo(0.9, 6);
    expect(detections[0]?.box.x).toBeCloseTo(200, 3);
    expect(detections[0]?.box.y).toBeCloseTo(100, 3);
    expect(detections[0]?.box.width).toBeCloseTo(200, 3);
    expect(detections[0]?.box.height).toBeCloseTo(200, 3);
  });
});
