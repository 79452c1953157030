import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { transcribeSpeech } from "../../../packages/detection/src/speech/transcribe.js";
import { phraseHeard } from "../../../packages/domain/src/biometrics/voice-phrase.js";

/** Speech synthesised by espeak-ng (.ci/run installs it), read at 16 kHz. */
async function spoken(text: string): Promise<Float32Array> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "lg-speech-")), "said.wav");
  const run = spawnSync("espeak-ng", ["-s", "140", "-w", file, text]);
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr?.toString() ?? run.error?.message}`);
  return (await decodeAudio(new Uint8Array(readFileSync(file)))).samples;
}

describe("the speech recogniser (Whisper base, greedy) hears the live check's phrase", () => {
  it("hears a phrase of the list said one word after another, and not another phrase in the same recording", async () => {
    const { text } = await transcribeSpeech(await spoken("planet, rocket, silver, winter, summer"));
    expect(text.toLowerCase()).toContain("rocket");
    expect(phraseHeard(["planet", "rocket", "silver", "winter", "summer"], text)).toBe(true);
    expect(phraseHeard(["table", "tomato", "turtle", "lemon", "water"], text)).toBe(false);
  }, 120_000);

  it("hears no phrase in speech that says other words", async () => {
    const { text } = await transcribeSpeech(await spoken("Thank you all for coming tonight, it means a lot to me."));
    expect(phraseHeard(["apple", "river", "orange", "window", "garden"], text)).toBe(false);
    expect(text.toLowerCase()).toContain("thank you");
  }, 120_000);
});
