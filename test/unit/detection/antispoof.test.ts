import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createAasist } from "../../../packages/detection/src/antispoof/aasist.js";
import { scoreSynthetic, spoofProbability } from "../../../packages/detection/src/antispoof/index.js";
import { repeatToLength, windowStarts } from "../../../packages/detection/src/antispoof/windows.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import reference from "../../fixtures/voice/aasist-reference.json" with { type: "json" };

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

  it("turns logits into a spoof probability with a softmax", () => {
    expect(spoofProbability({ spoof: 0, bonafide: 0 })).toBeCloseTo(0.5);
    expect(spoofProbability({ spoof: 5, bonafide: -5 })).toBeGreaterThan(0.99);
  });
});
