import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { assessVoiceForEnrolment, detectSpeech } from "../../../packages/detection/src/voice/index.js";

const dataDir = path.resolve(import.meta.dirname, "../../..", process.env.LG_DATA_DIR ?? "../shared/data");
const decode = async (file: string) =>
  (await decodeAudio(new Uint8Array(await readFile(path.join(dataDir, file))))).samples;

function quietNoise(seconds: number): Float32Array {
  const out = new Float32Array(seconds * 16_000);
  let seed = 7;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out[i] = (seed / 2 ** 31 - 0.5) * 1e-3;
  }
  return out;
}

describe("voice activity and enrolment checks", () => {
  it("finds speech segments in read speech and none in near-silence", async () => {
    const speech = await detectSpeech(await decode("voices/librispeech/1998/1998-15444-0001.flac"));
    expect(speech.segments.length).toBeGreaterThan(0);
    expect(speech.speechSeconds).toBeGreaterThan(2);
    const silence = await detectSpeech(quietNoise(3));
    expect(silence.segments).toEqual([]);
    expect(silence.speechSeconds).toBe(0);
  });

  it("refuses silence for enrolment with 'no speech'", async () => {
    const result = await assessVoiceForEnrolment(quietNoise(5));
    expect(result).toMatchObject({ ok: false, reasons: ["no speech"], speechSeconds: 0 });
  });

  it("refuses a clip with too little speech", async () => {
    const clip = await decode("voices/librispeech/367/367-130732-0001.flac");
    const result = await assessVoiceForEnrolment(clip.subarray(0, 2 * 16_000));
    expect(result.ok).toBe(false);
    expect(result.reasons).toContain("too short (< 4 s of speech)");
  });

  it("accepts one speaker and flags two speakers joined together", async () => {
    const a = await decode("voices/librispeech/1688/1688-142285-0000.flac");
    const single = await assessVoiceForEnrolment(a);
    expect(single.reasons).toEqual([]);
    expect(single.ok).toBe(true);
    expect(single.embedding).toHaveLength(256);

    const b = await decode("voices/librispeech/1998/1998-15444-0001.flac");
    const joined = new Float32Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    const mixed = await assessVoiceForEnrolment(joined);
    expect(mixed.ok).toBe(false);
    expect(mixed.reasons).toContain("more than one speaker");
  });
});
