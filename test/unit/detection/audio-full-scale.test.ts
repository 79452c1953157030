import { describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { withinFullScale } from "../../../packages/detection/src/media/sample-bounds.js";
import { analyseSpeech } from "../../../packages/detection/src/voice/speech.js";
import { dataFile } from "./data-dir.js";
import { floatWav } from "./float-wav.js";

const CLIP = "voices/librispeech/1688/1688-142285-0008.flac";

/** The clip with every 400th sample replaced: a click train a float WAV can carry. */
async function clickTrain(value: number): Promise<Uint8Array> {
  const { samples } = await decodeAudio(dataFile(CLIP));
  const spiked = samples.slice();
  for (let i = 0; i < spiked.length; i += 400) spiked[i] = value;
  return floatWav(spiked);
}

describe("decoded audio held to full scale", () => {
  it("turns NaN into silence and clips infinities and values beyond ±1", () => {
    const samples = Float32Array.from([0.5, Number.NaN, Number.POSITIVE_INFINITY, -1e30, 1.004, -0.25]);
    expect(Array.from(withinFullScale(samples))).toEqual([0.5, 0, 1, -1, 1, -0.25]);
  });

  it.each([1e30, Number.POSITIVE_INFINITY, Number.NaN])(
    "keeps a recording with a %s click train within ±1, where the voice activity detector still finds speech",
    async (value) => {
      const clean = await analyseSpeech((await decodeAudio(dataFile(CLIP))).samples);
      const { samples } = await decodeAudio(await clickTrain(value));
      expect(samples.every((v) => Number.isFinite(v) && Math.abs(v) <= 1)).toBe(true);
      // Unbounded, these spikes left the detector with no speech at all, so no voice was matched.
      // Clipped to full scale the clicks still hide most of it (about 1 s of 3.3 s is found):
      // declicking before the detector is the further step.
      const speech = await analyseSpeech(samples);
      expect(speech.speechSeconds).toBeGreaterThan(0);
      expect(speech.speechSeconds).toBeLessThanOrEqual(clean.speechSeconds);
    },
  );
});
