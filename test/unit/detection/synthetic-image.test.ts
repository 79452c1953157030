import { readFileSync } from "node:fs";
import path from "node:path";
import { isHeldOutFrame, trainingClipSampling } from "@lg/fitting/held-out-frames";
import { describe, expect, it } from "vitest";
import { detectFacesInImage } from "../../../packages/detection/src/face/detect-faces.js";
import { type DecodedImage, decodeImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { sampleVideo } from "../../../packages/detection/src/media/video.js";
import { onnxNodeRuntime } from "../../../packages/detection/src/runtimes/onnx.js";
import type { OnnxTensorLike } from "../../../packages/detection/src/runtimes/onnx-port.js";
import {
  aiImageSignal,
  ClipImageEncoder,
  faceSyntheticSignal,
} from "../../../packages/detection/src/synthetic-image/index.js";
import { dataFile } from "./data-dir.js";

const decode = (relative: string): Promise<DecodedImage> =>
  decodeImage(dataFile(relative), defaultLimits, defaultLimits.analysisMaxSide);

const SD2_OLD_MAN = "fake-images/stablediffusion-samples/assets/stable-samples/depth2img/old_man.png";
const FLUX_PICTURE = "provenance/comfyui-examples/flux/girl_in_field.png";
const CAMERA_PHOTO = "provenance/c2pa-public-testfiles/image/jpeg/nikon-20221019-building.jpeg";
const trainDir = process.env.LG_TRAIN_DIR ?? path.resolve(import.meta.dirname, "../../../../shared/train");
const REAL_FACE = "fake-images/mesonet/test_images/real/real00240.jpg";

/** The real encoder with its runtime recording the shape of every pixel_values it is given. */
function recordingEncoder() {
  const inputs: number[][] = [];
  const encoder = new ClipImageEncoder(undefined, {
    ...onnxNodeRuntime,
    sessionFromBytes: async (bytes) => {
      const session = await onnxNodeRuntime.sessionFromBytes(bytes);
      return {
        run: (feeds: Record<string, OnnxTensorLike>) => {
          inputs.push([...(feeds.pixel_values?.dims ?? [])]);
          return session.run(feeds);
        },
      };
    },
  });
  return { encoder, inputs };
}

describe("ai-image signal (CLIP probe on the whole picture)", () => {
  it("scores a Stable Diffusion 2 picture without metadata above a camera photo, and flags a Flux picture from its pixels", async () => {
    const generated = await aiImageSignal(await decode(SD2_OLD_MAN));
    const camera = await aiImageSignal(await decode(CAMERA_PHOTO));
    const flux = await aiImageSignal(await decode(FLUX_PICTURE));
    // Margins far beyond what a CPU can move a float CLIP's score (relative 3e-7 across AVX2 and
    // AVX-512, docs/detection.md): SD 2 0.89 vs the camera photo's 0.01; Flux 1.000 against the
    // threshold of 0.914. The probe reads pixels only (block 8's class token), never the PNG's metadata.
    expect(generated.score as number).toBeGreaterThan((camera.score as number) + 0.5);
    expect(flux.score as number).toBeGreaterThan((flux.operatingPoint?.threshold as number) + 0.05);
    expect(flux.status).toBe("present");
    expect(camera.status).toBe("absent");
    expect(flux.operatingPoint?.falsePositiveRate).toBeLessThanOrEqual(0.02);
    expect(flux.explanation).toContain("whole picture");
    expect(flux.explanation).toContain(`threshold ${flux.operatingPoint?.threshold.toFixed(3)}`);
    expect(typeof flux.evidence.rawScore).toBe("number");
    expect(flux.evidence.features).toContain("block 8");
  });

  it("says unknown, never absent, when the CLIP model file is missing", async () => {
    const encoder = new ClipImageEncoder("/nonexistent/clip_encoder.int8.onnx");
    const image = await decode(REAL_FACE);
    for (const signal of [
      await aiImageSignal(image, { encoder }),
      await faceSyntheticSignal(image, await detectFacesInImage(image, []), { encoder }),
    ]) {
      expect(signal.status).toBe("unknown");
      expect(signal.score).toBeUndefined();
      expect(signal.explanation).toContain("not installed");
    }
  });
});

describe("face-synthetic signal (CLIP probe on the largest face)", () => {
  it("scores a held-out frame of a training face swap above the same moment of its original", async () => {
    // The fit leaves out each training clip's last 30%; the inswapper (roop) swap and its target.
    const lastHeldOutFrame = async (file: string) => {
      const bytes = new Uint8Array(readFileSync(path.join(trainDir, file)));
      const { probe } = await sampleVideo(bytes, { ...defaultLimits, maxVideoFrames: 1 });
      const sampling = trainingClipSampling(probe.durationSeconds);
      const { frames } = await sampleVideo(bytes, {
        ...defaultLimits,
        videoFramesPerSecond: sampling.framesPerSecond,
        maxVideoFrames: sampling.maxFrames,
      });
      const frame = frames.at(-1)!;
      expect(isHeldOutFrame(frame.timeSeconds, probe.durationSeconds)).toBe(true);
      const { width, height } = frame.image;
      const image: DecodedImage = { format: "mp4", width, height, pixels: frame.image, scale: 1 };
      return faceSyntheticSignal(image, await detectFacesInImage(image, []));
    };
    const swapped = await lastHeldOutFrame("video/roop-inswapper-swap.mp4");
    const original = await lastHeldOutFrame("video/roop-target.mp4");
    // 0.99 vs 0.20 with the threshold at 0.86: a CPU's float summation order moves neither near it.
    expect(swapped.score as number).toBeGreaterThan((original.score as number) + 0.5);
    expect(swapped.status).toBe("present");
    expect(original.status).toBe("absent");
    expect(swapped.evidence.face).toBe(0);
    expect(swapped.explanation).toContain("largest face");
  });

  it("is unknown when the picture has no face", async () => {
    const signal = await faceSyntheticSignal(await decode(CAMERA_PHOTO), []);
    expect(signal.status).toBe("unknown");
    expect(signal.score).toBeUndefined();
  });
  it("is unknown when the largest face is too small to judge", async () => {
    const signal = await faceSyntheticSignal(await decode(CAMERA_PHOTO), [
      { box: { x: 10, y: 10, width: 8, height: 9 } },
    ]);
    expect(signal.status).toBe("unknown");
    expect(signal.score).toBeUndefined();
    expect(signal.explanation).toContain("too small");
  });
});

describe("CLIP calls", () => {
  it("makes one batch-of-one call for both signals when the face fills the picture", async () => {
    const { encoder, inputs } = recordingEncoder();
    const image = await decode(REAL_FACE);
    const faces = await detectFacesInImage(image, []);
    expect(faces.length).toBeGreaterThan(0);
    const [, face] = await Promise.all([
      aiImageSignal(image, { encoder }),
      faceSyntheticSignal(image, faces, { encoder }),
    ]);
    expect(face.evidence.wholePictureEmbeddingReused).toBe(true);
    expect(inputs).toEqual([[1, 3, 224, 224]]);
  });

  it("embeds a small face's crop in its own batch-of-one call", async () => {
    const { encoder, inputs } = recordingEncoder();
    const image = await decode("faces/face_recognition/examples/two_people.jpg");
    const faces = await detectFacesInImage(image, []);
    await aiImageSignal(image, { encoder });
    const face = await faceSyntheticSignal(image, faces, { encoder });
    expect(face.evidence.wholePictureEmbeddingReused).toBe(false);
    expect(inputs).toEqual([
      [1, 3, 224, 224],
      [1, 3, 224, 224],
    ]);
  });
});
