import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { analyseSpeech } from "../../../packages/detection/src/voice/speech.js";
import { analyseVoice } from "../../../packages/detection/src/voice-path.js";
import {
  defaultHead,
  voiceSyntheticSignal,
  whyCountermeasureCannotAddEvidence,
} from "../../../packages/detection/src/voice-synthetic/countermeasure.js";
import { dataDir, dataFile } from "./data-dir.js";

const CLONE = "spoof-audio/tortoise-tts/cloned/lj/autoregressive_ml.mp3";
const GENUINE = "voices/librispeech/367/367-130732-0001.flac";
/** ../shared/train's cross-system-test split: YourTTS is in no fit. */
const trainDir = process.env.LG_TRAIN_DIR ?? path.resolve(dataDir, "../train");
const UNSEEN_CLONE = "voice/jasonppy/static/audio_sample/tts/1272_135031_000026_000002_yourtts.flac";

async function signalFor(file: string, root = dataDir) {
  const audio = await decodeAudio(new Uint8Array(await readFile(path.join(root, file))));
  const speech = await analyseSpeech(audio.samples);
  return voiceSyntheticSignal(audio.samples, speech.ranges);
}

describe("voice-synthetic countermeasure (Whisper base)", () => {
  const modelDir = process.env.MODEL_DIR;
  afterEach(() => {
    if (modelDir === undefined) delete process.env.MODEL_DIR;
    else process.env.MODEL_DIR = modelDir;
  });

  it("scores a known Tortoise clone above a known genuine recording", { timeout: 120_000 }, async () => {
    const clone = await signalFor(CLONE);
    const genuine = await signalFor(GENUINE);
    expect(clone.score).toBeGreaterThan(genuine.score as number);
    expect(clone.operatingPoint).toEqual(defaultHead.operatingPoint);
    expect(genuine.explanation).toContain(defaultHead.operatingPoint.threshold.toFixed(3));
    expect(genuine.explanation).toMatch(/of genuine recordings/);
    const windows = clone.evidence.windows as { probability: number }[];
    expect(windows.length).toBeGreaterThan(0);
  });

  it("scores a clone of a system it was never fitted on (YourTTS) above genuine speech", {
    timeout: 120_000,
  }, async () => {
    const clone = await signalFor(UNSEEN_CLONE, trainDir);
    const genuine = await signalFor(GENUINE);
    expect(clone.score).toBeGreaterThan(genuine.score as number);
  });

  it("is unknown, never absent, when the Whisper model file is missing", async () => {
    process.env.MODEL_DIR = await mkdtemp(path.join(os.tmpdir(), "no-models-"));
    const signal = await voiceSyntheticSignal(new Float32Array(16_000 * 3), [[0, 48_000]]);
    expect(signal.status).toBe("unknown");
    expect(signal.score).toBeUndefined();
    expect(signal.explanation).toMatch(/model file is missing/);
  });

  it("is unknown when no window holds a second of speech", async () => {
    const signal = await voiceSyntheticSignal(new Float32Array(16_000 * 3), [[0, 8_000]]);
    expect(signal.status).toBe("unknown");
  });

  it("is the voice path's countermeasure, beside AASIST", { timeout: 120_000 }, async () => {
    const { signals } = await analyseVoice(dataFile(CLONE), [], 600);
    expect(signals.map((s) => s.id)).toEqual(["voice-synthetic", "voice-antispoof"]);
    expect(typeof signals[0]?.score).toBe("number");
  });

  it("is computed in scans while its operating point beats chance", () => {
    expect(whyCountermeasureCannotAddEvidence()).toBeNull();
    const chance = { ...defaultHead.operatingPoint, truePositiveRate: 0.05, falsePositiveRate: 0.05 };
    expect(whyCountermeasureCannotAddEvidence(chance)).toMatch(/Not computed/);
  });
});
