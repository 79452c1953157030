/**
 * The browser voice path (zero-knowledge enrolment) gives the server's numbers: the model files the
 * web build writes (voiceModelBytes), run by onnxruntime-web's WebAssembly backend through the
 * browser build's own model code, against the server's models on onnxruntime-node, on real clips.
 * Both start from the same 16 kHz PCM here; the browser's own decoding is compared in the e2e.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { speakerModel, vadModel } from "../../../packages/detection/src/models/registry.js";
import { onnxWebRuntime } from "../../../packages/detection/src/runtimes/onnx-web.js";
import { assessVoiceForEnrolment } from "../../../packages/detection/src/voice/enrolment.js";
import { assessVoiceWith, type VoiceModels } from "../../../packages/detection/src/voice/enrolment-gates.js";
import { cosineDistance } from "../../../packages/detection/src/voice/matching.js";
import { voiceModelsFrom } from "../../../packages/detection/src/voice/model-files.js";
import { keepSpeech, normaliseVolume, speechAnalysis } from "../../../packages/detection/src/voice/preprocess.js";
import { voiceModelBytes } from "../../../scripts/build-voice-browser.js";
import { dataFile } from "./data-dir.js";

const decode = async (file: string) => (await decodeAudio(dataFile(file))).samples;
const CLIPS = [
  "voices/librispeech/1688/1688-142285-0000.flac",
  "voices/librispeech/2033/2033-164914-0001.flac",
  "voices/librispeech/533/533-1066-0002.flac",
];

let web: VoiceModels;
beforeAll(async () => {
  web = await voiceModelsFrom(onnxWebRuntime(), await voiceModelBytes());
}, 60_000);

const maxAbsDifference = (a: Float32Array, b: Float32Array) =>
  a.reduce((max, v, i) => Math.max(max, Math.abs(v - (b[i] as number))), 0);

describe("browser voice path against the server's", () => {
  it("gives Silero VAD's frame probabilities and the same speech ranges", async () => {
    for (const clip of CLIPS) {
      const pcm = await decode(clip);
      const [server, browser] = [await vadModel().predict(pcm), await web.speechProbabilities(pcm)];
      expect(browser.length).toBe(server.length);
      expect(maxAbsDifference(browser, server)).toBeLessThan(1e-4);
      expect(speechAnalysis(browser, pcm.length).ranges).toEqual(speechAnalysis(server, pcm.length).ranges);
    }
  });

  it("gives GE2E's partial and utterance embeddings from the same mel frames", async () => {
    for (const clip of CLIPS) {
      const pcm = await decode(clip);
      const wav = normaliseVolume(keepSpeech(pcm, speechAnalysis(await vadModel().predict(pcm), pcm.length).ranges));
      const [server, browser] = [await speakerModel().predict(wav), await web.embedUtterance(wav)];
      expect(browser.partials).toHaveLength(server.partials.length);
      expect(maxAbsDifference(browser.embedding, server.embedding)).toBeLessThan(1e-5);
      for (const [i, partial] of browser.partials.entries()) {
        expect(maxAbsDifference(partial, server.partials[i] as Float32Array)).toBeLessThan(1e-5);
      }
    }
  });

  it("runs the enrolment gates with the same outcome, reasons and numbers", async () => {
    const a = await decode(CLIPS[0] as string);
    const b = await decode(CLIPS[1] as string);
    const joined = new Float32Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    const silence = new Float32Array(5 * 16_000);
    const cases = [a, b, a.subarray(0, 2 * 16_000), joined, silence];
    const outcomes: string[][] = [];
    for (const pcm of cases) {
      const server = await assessVoiceForEnrolment(pcm);
      const browser = await assessVoiceWith(web, pcm);
      expect(browser.ok).toBe(server.ok);
      expect(browser.reasons).toEqual(server.reasons);
      expect(browser.speechSeconds).toBe(server.speechSeconds);
      expect(browser.speakerSplitDistance ?? 0).toBeCloseTo(server.speakerSplitDistance ?? 0, 5);
      if (server.embedding)
        expect(cosineDistance(browser.embedding as Float32Array, server.embedding)).toBeLessThan(1e-6);
      outcomes.push(server.reasons);
    }
    // The cases cover every gate, so each reason is shown to agree.
    expect(outcomes).toEqual([[], [], ["too short (< 4 s of speech)"], ["more than one speaker"], ["no speech"]]);
  });
});
