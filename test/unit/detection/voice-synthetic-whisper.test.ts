import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { modelFiles } from "../../../packages/detection/src/models/model-files.js";
import { createOnnxSessionFromBytes, float32Tensor } from "../../../packages/detection/src/runtimes/onnx.js";
import { WHISPER_ENCODER_FILE } from "../../../packages/detection/src/voice-synthetic/encoder-model.js";
import { whisperLogMel, whisperMelFilters } from "../../../packages/detection/src/voice-synthetic/log-mel.js";
import {
  hiddenOutput,
  maskedMeanStd,
  planWindows,
  WHISPER_ENCODED,
} from "../../../packages/detection/src/voice-synthetic/windows.js";
import reference from "../../fixtures/voice/whisper-reference.json" with { type: "json" };
import { dataFile } from "./data-dir.js";

const clip = async () => (await decodeAudio(dataFile(reference.clip))).samples;

describe("Whisper log-mel front end", () => {
  it("has whisper's Slaney-normalised filters", () => {
    expect(whisperMelFilters().reduce((a, b) => a + b, 0)).toBeCloseTo(reference.mel.filtersSum, 5);
  });

  it("reproduces openai-whisper's log_mel_spectrogram on a LibriSpeech clip", async () => {
    const samples = await clip();
    expect(samples.length).toBe(reference.samples);
    const mel = whisperLogMel(samples);
    expect([80, mel.frames]).toEqual(reference.mel.shape);
    for (const [m, f, value] of reference.mel.points)
      expect(
        Math.abs((mel.data[(m as number) * mel.frames + (f as number)] as number) - (value as number)),
      ).toBeLessThan(1e-4);
    expect(mel.data.reduce((a, b) => a + b, 0) / mel.data.length).toBeCloseTo(reference.mel.mean, 5);
  });
});

describe("Whisper base encoder graph setup derives from CTranslate2's model.bin", () => {
  it("reproduces CTranslate2's own encoder output on a real clip", { timeout: 120_000 }, async () => {
    const file = await modelFiles().localPath(WHISPER_ENCODER_FILE);
    const session = await createOnnxSessionFromBytes(new Uint8Array(await readFile(file)));
    const padded = new Float32Array(2 * 480_000);
    padded.set(await clip());
    const mel = whisperLogMel(padded);
    const input = new Float32Array(80 * 3000);
    for (let m = 0; m < 80; m++) input.set(mel.data.subarray(m * mel.frames, m * mel.frames + 3000), m * 3000);
    const out = await session.run({ mel: float32Tensor(input, [1, 80, 3000]) });
    const encoded = out[WHISPER_ENCODED];
    expect(encoded?.dims).toEqual(reference.encoded30s.shape);
    for (const [t, c, value] of reference.encoded30s.points)
      expect(
        Math.abs(
          ((encoded as { data: Float32Array }).data[(t as number) * 512 + (c as number)] as number) - (value as number),
        ),
      ).toBeLessThan(5e-3);
    // A short input runs on the sliced position table: 200 mel frames give 100 encoder frames per layer.
    const short = await session.run({ mel: float32Tensor(input.slice(0, 80 * 200), [1, 80, 200]) });
    expect(short[hiddenOutput(6)]?.dims).toEqual([1, 100, 512]);
  });
});

describe("countermeasure windows", () => {
  it("covers a clip with equal windows of at most ten seconds and spreads a capped number evenly", () => {
    expect(planWindows(16_000 * 4)).toEqual([{ start: 0, end: 64_000 }]);
    expect(planWindows(16_000 * 25)).toEqual([
      { start: 0, end: 133_333 },
      { start: 133_333, end: 266_666 },
      { start: 266_666, end: 400_000 },
    ]);
    expect(planWindows(16_000 * 100, 4).map((w) => w.start / 160_000)).toEqual([0, 3, 6, 9]);
  });

  it("pools mean and standard deviation over the speech frames only", () => {
    const hidden = Float32Array.from([1, 10, 3, 20, 100, 100]);
    const out = new Float32Array(4);
    maskedMeanStd(hidden, 2, Uint8Array.from([1, 1, 0]), out, 0);
    expect(Array.from(out)).toEqual([2, 15, 1, 5]);
  });
});
