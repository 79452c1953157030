/**
 * The voice half of the live check (issue 35 item 2), on the local stack with the real engine: the
 * Whisper base recogniser listens for the challenge's phrase in the recording sent with the face
 * burst, and the speaker model compares it with the voice already on the account. Speech is made
 * by espeak-ng (.ci/run installs it); the public recording is a LibriSpeech reading from the shared
 * data. A public recording, another check's phrase and another speaker's phrase are refused; the
 * phrase said in the account's own voice verifies it.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { VOICE_NOT_VERIFIED } from "@lg/domain/biometrics/voice-phrase";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { burstForm, litBurstFollowing, type PoseFrame, poseFrames } from "../support/live-frames.js";
import { scanClients } from "../support/scan-run.js";
import { type Challenge, LIVE_CHECK_ATTEMPTS, liveCheckClient, refusedForLight } from "./live-check-client.js";
import { localGallery } from "./local-gallery.js";
import type { SignedUpPerson } from "./signed-up-person.js";

const stack = inject("localStack");
const mediaDir = stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");
const { call, consented: consentedPerson, challenge } = liveCheckClient(stack.url);
const retried = (body: Record<string, unknown>) =>
  body.voiceMessage === VOICE_NOT_VERIFIED.phraseNotHeard || refusedForLight(body);
/** This file's accounts, whose live checks verify the persona's face in the stack's shared gallery. */
const accounts: string[] = [];
const consented = async (name: string) => {
  const person = await consentedPerson(name);
  accounts.push(person.userId);
  return person;
};
/** 15 s of one LibriSpeech reader: a public recording of "the person", saying other words. */
const PUBLIC_RECORDING = "voices/librispeech/367/367-130732-0005.flac";

let scratch: string;
/** espeak-ng saying the words twice (the page asks to keep reading them), as WAV bytes. */
async function spoken(words: string[]): Promise<Uint8Array> {
  const file = path.join(scratch, `${words.join("-")}.wav`);
  const text = `${words.join(", ")}. ${words.join(", ")}.`;
  const run = spawnSync("espeak-ng", ["-s", "140", "-w", file, text]);
  if (run.status !== 0) throw new Error(`espeak-ng failed: ${run.stderr?.toString() ?? run.error?.message}`);
  return new Uint8Array(await readFile(file));
}

const voiceSamples = async (userId: string) =>
  (await scanClients(stack.env).accounts.listSamples(userId)).filter((s) => s.modality === "voice");

describe("a voice verified only when it says the live check's phrase", () => {
  let frames: PoseFrame[];
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "live-voice-"));
    frames = await poseFrames(mediaDir, "fr:obama", scratch);
  }, 120_000);
  // The gallery is shared by the stack: this file's verified faces would make the other live-check
  // tests' accounts "verified on another account" (held for review), as crawl.test.ts notes.
  afterAll(async () => {
    for (const userId of accounts) await localGallery(stack.env).removeUser(userId);
  });

  /** The face burst answering `c` (a live person, as live-check.test.ts sends), with `voice` recorded meanwhile. */
  async function answerWithVoice(person: SignedUpPerson, c: Challenge, voice: Uint8Array) {
    const burst = await litBurstFollowing(c, frames, c.frameIntervalMs);
    await new Promise((resolve) => setTimeout(resolve, (c.poses.at(-1)?.endMs ?? 0) + 200));
    const form = burstForm(c.challengeId, burst);
    form.append("voiceRecording", new Blob([voice], { type: "audio/wav" }), "phrase.wav");
    const res = await call(person, "/api/biometric-training", { body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /**
   * The phrase of a fresh check said by espeak-ng, in up to 3 checks, as a person may take the check
   * again: Whisper base hears 59 of 60 random espeak-ng phrases (voice-phrase.ts), so one check in
   * about 60 misses its words and the person is asked to read them again (so is one refused for
   * its lighting: live-check-client.ts); three misses in a row would be a fault.
   */
  async function saidInFreshChecks(person: SignedUpPerson) {
    for (let attempt = 1; ; attempt++) {
      const c = (await challenge(person)) as Challenge & { phrase: string[] };
      const outcome = await answerWithVoice(person, c, await spoken(c.phrase));
      if (!retried(outcome.body) || attempt === LIVE_CHECK_ATTEMPTS) return outcome;
    }
  }

  it("refuses a public recording of the person that does not say the phrase, keeping nothing of it", async () => {
    const person = await consented("voice-public");
    const c = (await challenge(person)) as Challenge & { phrase: string[] };
    expect(c.phrase).toHaveLength(5);
    const outcome = await answerWithVoice(
      person,
      c,
      new Uint8Array(await readFile(path.join(mediaDir, PUBLIC_RECORDING))),
    );
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    expect(outcome.body).toMatchObject({ voiceVerified: false, voiceMessage: VOICE_NOT_VERIFIED.phraseNotHeard });
    expect(await voiceSamples(person.userId)).toEqual([]);
  }, 180_000);

  it("refuses another check's phrase, then verifies this check's phrase in the same voice", async () => {
    const person = await consented("voice-own");
    const earlier = (await challenge(person)) as Challenge & { phrase: string[] };
    const c = (await challenge(person)) as Challenge & { phrase: string[] };
    const replayed = await answerWithVoice(person, c, await spoken(earlier.phrase));
    expect(replayed.body, JSON.stringify(replayed.body)).toMatchObject({
      voiceVerified: false,
      voiceMessage: VOICE_NOT_VERIFIED.phraseNotHeard,
    });
    expect(await voiceSamples(person.userId)).toEqual([]);

    const said = await saidInFreshChecks(person);
    expect(said.status, JSON.stringify(said.body)).toBe(200);
    expect(said.body, JSON.stringify(said.body)).toMatchObject({ voice: true, voiceVerified: true });
    expect((await voiceSamples(person.userId)).map((s) => [s.verified, s.verifiedBy])).toEqual([[true, "live-check"]]);
  }, 420_000);

  it("refuses the phrase said by another speaker than the voice on the account, which stays unverified", async () => {
    const person = await consented("voice-other");
    // The person's own reading, enrolled on its own: kept, not verified.
    const alone = new FormData();
    alone.append(
      "voiceRecording",
      new Blob([new Uint8Array(await readFile(path.join(mediaDir, PUBLIC_RECORDING)))], { type: "audio/flac" }),
      "voice.flac",
    );
    const enrolled = await call(person, "/api/biometric-training", { body: alone });
    expect(enrolled.status).toBe(200);
    expect(await enrolled.json()).toMatchObject({ voice: true, voiceVerified: false });

    const outcome = await saidInFreshChecks(person);
    expect(outcome.body, JSON.stringify(outcome.body)).toMatchObject({
      voiceVerified: false,
      voiceMessage: VOICE_NOT_VERIFIED.otherSpeaker,
    });
    expect((await voiceSamples(person.userId)).map((s) => s.verified)).toEqual([false]);
  }, 420_000);
});
