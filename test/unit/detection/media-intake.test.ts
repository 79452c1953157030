import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MediaError } from "../../../packages/detection/src/media/errors.js";
import { checkImage, decodeImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { sniffMediaType } from "../../../packages/detection/src/media/sniff.js";
import { sampleVideo } from "../../../packages/detection/src/media/video.js";
import { dataFile } from "./data-dir.js";

function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

async function errorCode(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof MediaError) return error.code;
    throw error;
  }
  return "no error";
}

describe("media intake", () => {
  it("recognises formats from their bytes, not their names", () => {
    expect(sniffMediaType(dataFile("faces/deepface/img1.jpg"))).toEqual({ kind: "image", format: "jpeg" });
    expect(sniffMediaType(dataFile("provenance/comfyui-examples/sdxl/sdxl_simple_example.png")).format).toBe("png");
    expect(sniffMediaType(dataFile("faces/face_recognition/examples/short_hamilton_clip.mp4"))).toEqual({
      kind: "video",
      format: "mp4",
    });
    expect(sniffMediaType(dataFile("provenance/c2pa-rs-fixtures/sdk/tests/fixtures/sample1.wav"))).toEqual({
      kind: "audio",
      format: "wav",
    });
  });

  it("refuses a text file as unsupported_type and an empty file as empty", async () => {
    expect(await errorCode(() => sniffMediaType(new TextEncoder().encode("name,email\nalice,a@example.com\n")))).toBe(
      "unsupported_type",
    );
    expect(await errorCode(() => sniffMediaType(new Uint8Array(0)))).toBe("empty");
  });

  it("refuses a 30000x30000 PNG from its header, before decoding anything", async () => {
    // A real zlib stream would inflate to 2.7 GB; the header alone must be enough to refuse it.
    const bomb = new Uint8Array([...pngHeader(30_000, 30_000), ...deflateSync(new Uint8Array(1024))]);
    expect(await errorCode(() => checkImage(bomb, defaultLimits))).toBe("dimensions_too_large");
    expect(await errorCode(() => decodeImage(bomb, defaultLimits, 1024))).toBe("dimensions_too_large");
  });

  it("reports a JPEG cut in half as truncated", async () => {
    const whole = dataFile("faces/deepface/img2.jpg");
    expect(await errorCode(() => decodeImage(whole.subarray(0, whole.length >> 1), defaultLimits, 512))).toBe(
      "truncated",
    );
  });

  it("refuses files over the byte limit", async () => {
    const photo = dataFile("faces/deepface/img2.jpg");
    expect(await errorCode(() => decodeImage(photo, { ...defaultLimits, maxBytes: 1000 }, 512))).toBe("too_large");
  });

  it("decodes an image scaled for analysis while reporting its stored size", async () => {
    const image = await decodeImage(dataFile("faces/deepface/img2.jpg"), defaultLimits, 256);
    expect(Math.max(image.pixels.width, image.pixels.height)).toBe(256);
    expect(image.pixels.data.length).toBe(image.pixels.width * image.pixels.height * 3);
    expect(image.scale).toBeCloseTo(image.pixels.width / image.width);
  });

  it("samples a video at one frame per second and refuses one over the duration limit", async () => {
    const clip = dataFile("faces/face_recognition/examples/short_hamilton_clip.mp4");
    const { probe, frames } = await sampleVideo(clip, { ...defaultLimits, analysisMaxSide: 160 });
    // The fps filter emits a frame per whole tick, so a 10.x s clip gives 10 or 11 frames.
    expect(Math.abs(frames.length - probe.durationSeconds)).toBeLessThanOrEqual(1);
    expect(frames[1]?.timeSeconds).toBe(1);
    expect(await errorCode(() => sampleVideo(clip, { ...defaultLimits, maxVideoSeconds: 0.5 }))).toBe("too_long");
  });
});
