import { describe, expect, it } from "vitest";
import {
  MIN_PHRASE_WORDS_HEARD,
  newPhrase,
  PHRASE_VOCABULARY,
  PHRASE_WORDS,
  phraseHeard,
  phraseWordsHeard,
  VOICE_NOT_VERIFIED,
  vocabularyWordOf,
} from "../../../packages/domain/src/biometrics/voice-phrase.js";
import { sayingPhrase, wav } from "./fakes.js";
import { accountWorld } from "./world.js";

const voices = async (w: ReturnType<typeof accountWorld>, userId: string) =>
  (await w.store.listSamples(userId)).filter((s) => s.modality === "voice");

describe("the live check's spoken phrase", () => {
  it("draws different words from the fixed list", () => {
    let n = 0;
    const phrase = newPhrase((below) => (n++ * 7) % below);
    expect(phrase).toHaveLength(PHRASE_WORDS);
    expect(new Set(phrase).size).toBe(PHRASE_WORDS);
    for (const word of phrase) expect(PHRASE_VOCABULARY).toContain(word);
  });

  it("hears a phrase when enough of its words come in its order, whatever the case and punctuation", () => {
    const phrase = ["apple", "river", "orange", "window", "garden"];
    expect(phraseWordsHeard(phrase, "Apple, River. Orange window garden!")).toBe(5);
    // One word misheard ("Riverbubble") still passes; two do not.
    expect(phraseHeard(phrase, "apple riverbubble orange window garden")).toBe(true);
    expect(phraseWordsHeard(phrase, "apple riverbubble orangutan window garden")).toBe(MIN_PHRASE_WORDS_HEARD - 1);
    expect(phraseHeard(phrase, "apple riverbubble orangutan window garden")).toBe(false);
    // The right words in another order are another phrase.
    expect(phraseHeard(phrase, "garden window orange river apple")).toBe(false);
    expect(phraseHeard(phrase, "")).toBe(false);
  });

  it("takes a recogniser's spelling slip for the one list word it is close to, and nothing else", () => {
    expect(vocabularyWordOf("forrest")).toBe("forest");
    expect(vocabularyWordOf("tumato")).toBe("tomato");
    expect(vocabularyWordOf("lemmon")).toBe("lemon");
    // One edit from both river and tiger: neither.
    expect(vocabularyWordOf("tiver")).toBeUndefined();
    expect(vocabularyWordOf("cameroon")).toBeUndefined();
    expect(
      phraseWordsHeard(["forest", "tomato", "lemon", "ocean", "table"], "Forrest, Tumato, Lemmon, Ocean, Table"),
    ).toBe(5);
  });
});

describe("a voice verified only when it says the live check's phrase", () => {
  it("verifies the voice that says this check's phrase in the same capture as the face", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    expect(await w.liveCapture(userId, 1, { voice: sayingPhrase(1) })).toMatchObject({
      verified: true,
      voice: true,
      voiceVerified: true,
      status: { voice: { verified: true, noticesBlocked: false } },
    });
    expect((await voices(w, userId)).map((s) => [s.verifiedBy, s.liveCheckId !== undefined])).toEqual([
      ["live-check", true],
    ]);
  });

  it("refuses a recording that does not say the phrase (a public recording): the face passes, the voice is not kept", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const result = await w.liveCapture(userId, 1, { voice: wav("ok;said=thank you all for coming tonight") });
    expect(result).toMatchObject({
      verified: true,
      voice: false,
      voiceVerified: false,
      voiceMessage: VOICE_NOT_VERIFIED.phraseNotHeard,
    });
    expect(await voices(w, userId)).toEqual([]);
  });

  it("refuses another check's phrase: a recording made for an earlier challenge does not answer this one", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const earlier = await w.enrolment.issueLiveChallenge(userId, "session-a");
    const result = await w.liveCapture(userId, 1, { voice: () => sayingPhrase(1)(earlier) });
    // A phrase shares a word or two with another at most by chance, far below what is needed.
    expect(result).toMatchObject({ voiceVerified: false, voiceMessage: VOICE_NOT_VERIFIED.phraseNotHeard });
  });

  it("refuses the phrase said by another speaker than the voice already on the account, and keeps that voice unverified", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const { uploadURL } = await w.enrolment.createUploadUrl(userId, "voice", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, wav("ok;speaker=2"), "audio/wav", {});
    await w.enrolment.registerUpload(userId, "voice", uploadURL);

    expect(await w.liveCapture(userId, 1, { voice: sayingPhrase(1) })).toMatchObject({
      voiceVerified: false,
      voiceMessage: VOICE_NOT_VERIFIED.otherSpeaker,
      status: { voice: { verified: false, noticesBlocked: true } },
    });
    expect((await voices(w, userId)).map((s) => [s.source, s.verified])).toEqual([["upload", false]]);

    // The uploaded voice's own speaker saying the phrase verifies it, and the upload with it.
    expect(await w.liveCapture(userId, 1, { voice: sayingPhrase(2) })).toMatchObject({ voiceVerified: true });
    expect((await voices(w, userId)).map((s) => s.verifiedBy).sort()).toEqual(["live-check", "matches-live-check"]);
  });
});

describe("recordings around the live check", () => {
  it("verifies the voice step's paragraph, sent on its own, when it is the voice that said the phrase", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.liveCapture(userId, 1, { voice: sayingPhrase(1) });
    const paragraph = (speaker: number) =>
      w.enrolment.enrolLiveCapture(userId, "session", async () => ({
        frames: [],
        voice: wav(`ok;speaker=${speaker}`),
      }));
    expect(await paragraph(1)).toMatchObject({ voice: true, voiceVerified: true });
    expect(await paragraph(2)).toMatchObject({
      voice: true,
      voiceVerified: false,
      voiceMessage: VOICE_NOT_VERIFIED.noChallenge,
    });
    expect((await voices(w, userId)).map((s) => s.verifiedBy ?? "unverified").sort()).toEqual([
      "live-check",
      "matches-live-check",
      "unverified",
    ]);
  });

  it("lets the face pass when the recording made during the check is unusable, saying why the voice is not verified", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    expect(await w.liveCapture(userId, 1, { voice: wav("reject=No speech detected") })).toMatchObject({
      verified: true,
      faces: 3,
      voice: false,
      voiceVerified: false,
      voiceMessage: `${VOICE_NOT_VERIFIED.unusable} (No speech detected).`,
    });
    expect(await voices(w, userId)).toEqual([]);
  });
});
