import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { resolveMediaTool } from "../../../packages/detection/src/media/ffmpeg.js";
import type { DecodedImage, RgbImage } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { sampleVideo } from "../../../packages/detection/src/media/video.js";
import { clipImageEncoder, faceModel, nsfwClassifier } from "../../../packages/detection/src/models/registry.js";
import {
  type AnalysedFrame,
  clipFramesFor,
  MAX_FRAMES_FOR_SYNTHETIC_SIGNALS,
  videoPictureSignals,
} from "../../../packages/detection/src/video-signals.js";
import { VOICE_SAMPLE_RATE } from "../../../packages/detection/src/voice-path.js";
import { dataFile } from "./data-dir.js";

/**
 * What a video analysis spends its CPU on, held by behaviour (how many model calls and decoder runs
 * a clip costs), not by timing: the CLIP probes read a number of frames that grows with the clip's
 * length, a repeated frame is read once, and the frames and the audio track come from one ffmpeg run.
 */

const HAMILTON = "faces/face_recognition/examples/short_hamilton_clip.mp4";
const work = mkdtempSync(path.join(tmpdir(), "lg-video-cost-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A clip made here from one of ffmpeg's generated sources (no media copied into the repo). */
function generatedClip(source: string): Uint8Array {
  const ffmpeg = resolveMediaTool("ffmpeg");
  if (!ffmpeg) throw new Error("this test needs ffmpeg");
  const file = path.join(work, `${source.replace(/\W/g, "_")}.mp4`);
  execFileSync(ffmpeg.path, ["-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-pix_fmt", "yuv420p", file]);
  return new Uint8Array(readFileSync(file));
}

const sameBytes = (a: ArrayBufferView, b: ArrayBufferView | undefined) =>
  b !== undefined &&
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** A frame of seeded noise: distinct pictures, none with a face. */
function noiseFrame(seed: number): RgbImage {
  const data = new Uint8Array(64 * 48 * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[i] = state >>> 24;
  }
  return { data, width: 64, height: 48 };
}

const analysed = (pixels: RgbImage[]): AnalysedFrame[] =>
  pixels.map((frame, i) => {
    const image: DecodedImage = { format: "mp4", width: 64, height: 48, pixels: frame, scale: 1 };
    return { timeSeconds: i, image, faces: [] };
  });

describe("a video's CLIP passes", () => {
  it("grow with the clip's length: one frame per 4 s, at least 3, at most the 8 the other detectors read", () => {
    expect(clipFramesFor(1)).toBe(3);
    expect(clipFramesFor(10.008)).toBe(3);
    expect(clipFramesFor(12.4)).toBe(4);
    expect(clipFramesFor(25.2)).toBe(7);
    expect(clipFramesFor(300)).toBe(MAX_FRAMES_FOR_SYNTHETIC_SIGNALS);
  });

  it("cost 3 CLIP calls for a 10 s clip and 8 for a 40 s one, while the explicit-content classifier reads 8 frames of each", {
    timeout: 120_000,
  }, async () => {
    const frames = analysed(Array.from({ length: 10 }, (_, i) => noiseFrame(i + 1)));
    const clip = vi.spyOn(clipImageEncoder(), "predict");
    const nsfw = vi.spyOn(nsfwClassifier(), "predict");
    const short = await videoPictureSignals(frames, "mp4", [], 10);
    expect(clip).toHaveBeenCalledTimes(3);
    expect(nsfw).toHaveBeenCalledTimes(8);
    expect(short.signals.find((s) => s.id === "ai-image")?.evidence.framesRead).toBe(3);
    expect(short.intimate?.evidence.framesRead).toBe(8);

    clip.mockClear();
    nsfw.mockClear();
    const long = await videoPictureSignals(frames, "mp4", [], 40);
    // The same frames' embeddings are cached per picture, so only the 5 frames not read before cost a pass.
    expect(clip).toHaveBeenCalledTimes(5);
    expect(long.signals.find((s) => s.id === "ai-image")?.evidence.framesRead).toBe(8);
    expect(nsfw).toHaveBeenCalledTimes(8);
  });

  it("read a repeated frame once, and count it at each of its times", { timeout: 120_000 }, async () => {
    const [a, b] = [noiseFrame(101), noiseFrame(102)];
    const clip = vi.spyOn(clipImageEncoder(), "predict");
    const { signals } = await videoPictureSignals(analysed([a, a, b] as RgbImage[]), "mp4", [], 3);
    expect(clip).toHaveBeenCalledTimes(2);
    const aiImage = signals.find((s) => s.id === "ai-image");
    expect(aiImage?.evidence.framesRead).toBe(3);
    const frames = (aiImage?.evidence.frames ?? []) as { timeSeconds: number; score: number }[];
    expect(frames.map((f) => f.timeSeconds)).toEqual([0, 1, 2]);
    // The repeat reads as the frame it repeats.
    expect(frames[1]?.score).toBe(frames[0]?.score);
  });
});

describe("sampling a video", () => {
  it("decodes the audio track in the same ffmpeg run, to the samples decodeAudio gives", {
    timeout: 60_000,
  }, async () => {
    const bytes = dataFile(HAMILTON);
    const sampled = await sampleVideo(bytes, defaultLimits, { audioSampleRate: VOICE_SAMPLE_RATE });
    const alone = await decodeAudio(bytes, {
      sampleRate: VOICE_SAMPLE_RATE,
      maxSeconds: defaultLimits.maxVideoSeconds,
    });
    expect(sampled.audio?.sampleRate).toBe(VOICE_SAMPLE_RATE);
    expect(sampled.audio && sameBytes(sampled.audio.samples, alone.samples)).toBe(true);
    const framesOnly = await sampleVideo(bytes, defaultLimits);
    expect(framesOnly.audio).toBeNull();
    expect(framesOnly.frames).toHaveLength(sampled.frames.length);
    expect(framesOnly.frames.every((f, i) => sameBytes(f.image.data, sampled.frames[i]?.image.data))).toBe(true);
  });

  it("gives a repeated frame as the same picture, and different frames as different ones", async () => {
    const still = await sampleVideo(generatedClip("color=c=gray:size=64x48:duration=3:rate=10"), defaultLimits);
    expect(still.frames.length).toBeGreaterThanOrEqual(3);
    expect(new Set(still.frames.map((f) => f.image)).size).toBe(1);
    expect(still.audio).toBeNull();

    const moving = await sampleVideo(generatedClip("testsrc=size=64x48:duration=3:rate=10"), defaultLimits);
    expect(new Set(moving.frames.map((f) => f.image)).size).toBe(moving.frames.length);
  });
});

describe("a video's faces", () => {
  it("are looked for once per distinct frame, and an enrolled face is found in the clip", {
    timeout: 300_000,
  }, async () => {
    const bytes = dataFile(HAMILTON);
    const { frames } = await sampleVideo(bytes, defaultLimits);
    const distinct = new Set(frames.map((f) => f.image)).size;
    const detector = vi.spyOn(faceModel(), "predict");
    const clip = vi.spyOn(clipImageEncoder(), "predict");
    const first = await analyseMedia(bytes, { enrolled: [] });
    expect(detector).toHaveBeenCalledTimes(distinct);
    // Whole frames, and at most as many face crops of the same frames.
    expect(clip.mock.calls.length).toBeLessThanOrEqual(2 * clipFramesFor(first.media.durationSeconds ?? 0));

    // A repeated frame's faces are the frame before's, at its own time.
    for (let i = 1; i < frames.length; i++) {
      if (frames[i]?.image !== frames[i - 1]?.image) continue;
      const at = (t: number) => first.faces.filter((f) => f.timeSeconds === t).map((f) => f.box);
      expect(at(i)).toEqual(at(i - 1));
      expect(at(i).length).toBeGreaterThan(0);
    }

    // Enrol the largest face of the middle of the clip: the analysis finds that person at that time.
    const middle = first.faces
      .filter((f) => f.timeSeconds === 5)
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (!middle) throw new Error("no face at 5 s");
    const enrolled = [{ personId: "performer", face: [middle.descriptor], voice: [] }];
    const again = await analyseMedia(bytes, { enrolled });
    const matched = again.faces.filter((f) => f.match?.personId === "performer");
    expect(matched.map((f) => f.timeSeconds)).toContain(5);
    expect(again.verdicts.find((v) => v.kind === "face-match")?.conclusion).toBe("performer");
  });
});
