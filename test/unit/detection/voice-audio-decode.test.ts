import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeAudio, probeDurationSeconds } from "../../../packages/detection/src/media/audio.js";
import { MediaError } from "../../../packages/detection/src/media/errors.js";

const dataDir = path.resolve(import.meta.dirname, "../../..", process.env.LG_DATA_DIR ?? "../shared/data");
const bytesOf = async (file: string) => new Uint8Array(await readFile(path.join(dataDir, file)));

describe("audio intake", () => {
  it("decodes FLAC and MP3 to mono float32 at 16 kHz with the right duration", async () => {
    const flac = await decodeAudio(await bytesOf("voices/librispeech/367/367-130732-0001.flac"));
    expect(flac.sampleRate).toBe(16_000);
    expect(flac.samples.length).toBe(70_080);
    expect(flac.durationSeconds).toBeCloseTo(4.38, 2);
    const mp3 = await decodeAudio(await bytesOf("spoof-audio/tortoise-tts/cloned/tom/autoregressive_ml.mp3"));
    expect(mp3.durationSeconds).toBeGreaterThan(7);
    expect(Math.max(...mp3.samples.subarray(0, 16_000 * 4).map(Math.abs))).toBeGreaterThan(0.01);
  });

  it("reads the duration from the container without decoding", async () => {
    const seconds = await probeDurationSeconds(await bytesOf("voices/librispeech/367/367-130732-0001.flac"));
    expect(seconds).toBeCloseTo(4.38, 2);
  });

  it("refuses empty, undecodable and over-long audio with typed errors", async () => {
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => "resolved",
        (error: unknown) => (error instanceof MediaError ? error.code : String(error)),
      );
    expect(await codeOf(decodeAudio(new Uint8Array()))).toBe("empty");
    expect(await codeOf(decodeAudio(new TextEncoder().encode("not audio at all")))).toBe("unsupported_type");
    const clip = await bytesOf("voices/librispeech/367/367-130732-0001.flac");
    expect(await codeOf(decodeAudio(clip, { maxSeconds: 2 }))).toBe("too_long");
  });
});
