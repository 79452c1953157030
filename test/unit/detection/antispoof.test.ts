import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildEncoderGraph } from "../../../packages/detection/derive/aasist-encoder.js";
import { readStateDict } from "../../../packages/detection/derive/torch/state-dict.js";
import { createAasist } from "../../../packages/detection/src/antispoof/aasist.js";
import {
  AASIST_CONFIGS,
  ENCODER_INPUT,
  ENCODER_OUTPUT,
} from "../../../packages/detection/src/antispoof/aasist-config.js";
import { aasistOperatingPoint } from "../../../packages/detection/src/antispoof/calibration.js";
import { NO_SPEECH_REASON, scoreSynthetic, spoofProbability } from "../../../packages/detection/src/antispoof/index.js";
import { repeatToLength, samplesWithin, windowStarts } from "../../../packages/detection/src/antispoof/windows.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { modelDir } from "../../../packages/detection/src/models/model-files.js";
import { createOnnxSessionFromBytes, float32Tensor } from "../../../packages/detection/src/runtimes/onnx.js";
import { analyseSpeech } from "../../../packages/detection/src/voice/speech.js";
import { antispoofSignal } from "../../../packages/detection/src/voice-path.js";
import reference from "../../fixtures/voice/aasist-reference.json" with { type: "json" };
import { floatWav } from "./float-wav.js";

const dataDir = path.resolve(import.meta.dirname, "../../..", process.env.LG_DATA_DIR ?? "../shared/data");
const decode = async (file: string) =>
  (await decodeAudio(new Uint8Array(await readFile(path.join(dataDir, file))))).samples;
const WINDOW = 64_600;

describe("AASIST synthetic-speech countermeasure", () => {
  it("produces the PyTorch reference logits for both published checkpoints", async () => {
    const models = { AASIST: createAasist("AASIST"), "AASIST-L": createAasist("AASIST-L") };
    // Both checkpoints on a cloned clip, the lighter one on a genuine clip too: enough to pin the port.
    const cases = [
      { id: "tortoise-cloned-tom-autoregressive_ml", variants: ["AASIST", "AASIST-L"] },
      { id: "libri-367-0001", variants: ["AASIST-L"] },
    ];
    for (const { id, variants } of cases) {
      const clip = reference.clips.find((c) => c.id === id);
      if (!clip) throw new Error(`fixture clip ${id} missing`);
      const window = repeatToLength(await decode(clip.path), WINDOW);
      for (const variant of variants) {
        const model = models[variant as keyof typeof models];
        const logits = await model.predict(window);
        const expected = clip.logits[variant as keyof typeof clip.logits];
        // Measured agreement is ≤ 1.1e-5 (the fixture keeps 6 decimals); the margin allows other CPUs' kernels.
        expect(Math.abs(logits.spoof - (expected[0] as number))).toBeLessThan(5e-5);
        expect(Math.abs(logits.bonafide - (expected[1] as number))).toBeLessThan(5e-5);
      }
    }
  });

  it("encodes a window over time chunks exactly as over the whole window", async () => {
    const config = AASIST_CONFIGS["AASIST-L"];
    const weights = readStateDict(new Uint8Array(await readFile(path.join(modelDir(), config.checkpointFile))));
    const window = repeatToLength(await decode("voices/librispeech/367/367-130732-0001.flac"), WINDOW);
    const encode = async (chunkOutputs?: number) => {
      const session = await createOnnxSessionFromBytes(buildEncoderGraph(config, weights, { chunkOutputs }));
      const out = await session.run({ [ENCODER_INPUT]: float32Tensor(window, [1, 1, 1, WINDOW]) });
      await session.release();
      return out[ENCODER_OUTPUT]?.data as Float32Array;
    };
    const whole = await encode(Number.POSITIVE_INFINITY);
    // Uneven chunk sizes too: 2,387 outputs of the chunked blocks in chunks of 150 and of 7.
    for (const chunkOutputs of [undefined, 7]) {
      const chunked = await encode(chunkOutputs);
      expect(chunked.length).toBe(whole.length);
      let worst = 0;
      for (let i = 0; i < whole.length; i++)
        worst = Math.max(worst, Math.abs((chunked[i] as number) - (whole[i] as number)));
      expect(worst).toBeLessThan(1e-5);
    }
  });

  it("scores long audio window by window and averages the windows", async () => {
    const clip = await decode("voices/librispeech/367/367-130732-0001.flac");
    const long = new Float32Array(clip.length * 2);
    long.set(clip);
    long.set(clip, clip.length);
    const result = await scoreSynthetic(long, { model: "AASIST-L" });
    expect(result.model).toBe("AASIST-L");
    expect(result.windows.map((w) => w.startS)).toEqual(windowStarts(long.length, WINDOW, 16).map((s) => s / 16_000));
    expect(result.windows.length).toBe(Math.ceil(long.length / WINDOW));
    const mean = result.windows.reduce((sum, w) => sum + w.score, 0) / result.windows.length;
    expect(result.score).toBeCloseTo(mean, 10);
    for (const w of result.windows) expect(w.score).toBeGreaterThanOrEqual(0);
    expect(result.skipped).toEqual([]);
  });

  it("leaves windows without speech unscored, says so, and scores the others exactly as before", async () => {
    const clip = await decode("voices/librispeech/367/367-130732-0001.flac");
    // The reading, then two windows' worth of silence: the last two windows hold no speech.
    const audio = new Float32Array(clip.length + 2 * WINDOW);
    audio.set(clip);
    const all = await scoreSynthetic(audio, { model: "AASIST-L" });
    const result = await scoreSynthetic(audio, { model: "AASIST-L", speech: [[0, clip.length]] });

    const starts = windowStarts(audio.length, WINDOW, 16);
    expect(starts).toHaveLength(4);
    expect(result.windows).toEqual(all.windows.slice(0, 2));
    expect(result.skipped).toEqual(starts.slice(2).map((s) => ({ startS: s / 16_000, reason: NO_SPEECH_REASON })));
    expect(result.score).toBeCloseTo((all.windows[0]!.score + all.windows[1]!.score) / 2, 10);
  });

  it("with the VAD's speech ranges, leaves unscored the windows in which no speech was found", async () => {
    const clip = await decode("voices/librispeech/367/367-130732-0001.flac");
    // Ten seconds of silence, then the reading: the first two windows hold no speech.
    const audio = new Float32Array(10 * 16_000 + clip.length);
    audio.set(clip, 10 * 16_000);
    const pcm = (await decodeAudio(floatWav(audio))).samples;
    const speech = (await analyseSpeech(pcm)).ranges;
    const signal = antispoofSignal(await scoreSynthetic(pcm, { speech }), aasistOperatingPoint);
    const { windows, skippedWindows } = signal.evidence as {
      windows: { startS: number }[];
      skippedWindows: { startS: number; reason: string }[];
    };
    const starts = windowStarts(audio.length, WINDOW, 16).map((s) => s / 16_000);
    expect(windows.map((w) => w.startS)).toEqual(starts.slice(2));
    expect(skippedWindows).toEqual(starts.slice(0, 2).map((startS) => ({ startS, reason: NO_SPEECH_REASON })));
    expect(signal.explanation).toContain("2 of the 4 four-second windows had no speech and were not scored");
  });

  it("scores every window when the speech ranges touch none of them", async () => {
    const clip = await decode("voices/librispeech/367/367-130732-0001.flac");
    const result = await scoreSynthetic(clip.subarray(0, 16_000), { model: "AASIST-L", speech: [] });
    expect(result.windows).toHaveLength(1);
    expect(result.skipped).toEqual([]);
  });
});

describe("AASIST windows", () => {
  it("pads short audio by repetition as the reference loader does", () => {
    const padded = repeatToLength(Float32Array.from([1, 2, 3]), 8);
    expect(Array.from(padded)).toEqual([1, 2, 3, 1, 2, 3, 1, 2]);
  });

  it("cuts back-to-back windows, ends the last at the end, and spreads a capped number evenly", () => {
    expect(windowStarts(100, 40, 16)).toEqual([0, 40, 60]);
    expect(windowStarts(30, 40, 16)).toEqual([0]);
    expect(windowStarts(1000, 10, 3)).toEqual([0, 495, 990]);
  });

  it("counts the samples of a window that fall inside speech ranges", () => {
    const speech: [number, number][] = [
      [10, 20],
      [30, 50],
    ];
    expect(samplesWithin(speech, 0, 100)).toBe(30);
    expect(samplesWithin(speech, 15, 35)).toBe(10);
    expect(samplesWithin(speech, 20, 30)).toBe(0);
    expect(samplesWithin([], 0, 100)).toBe(0);
  });

  it("turns logits into a spoof probability with a softmax", () => {
    expect(spoofProbability({ spoof: 0, bonafide: 0 })).toBeCloseTo(0.5);
    expect(spoofProbability({ spoof: 5, bonafide: -5 })).toBeGreaterThan(0.99);
  });
});
