import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { aasistOperatingPoint } from "../../../packages/detection/src/antispoof/calibration.js";
import { assumedFalseAlarm } from "../../../packages/detection/src/antispoof/operating-point.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { speakerEmbedding } from "../../../packages/detection/src/voice/index.js";
import { dataFile } from "./data-dir.js";

const onLikeness = { whenLikenessAtLeast: 50 } as const;
const signal = (result: Awaited<ReturnType<typeof analyseMedia>>, id: string) =>
  result.signals.find((s) => s.id === id);

const enrolledTom = async () => {
  const tom = await speakerEmbedding((await decodeAudio(dataFile("spoof-audio/tortoise-tts/real/tom/1.wav"))).samples);
  return [{ personId: "tom", face: [], voice: [tom] }];
};

// Real clips and photos: the gate must follow the actual face and voice matches, not a fixture.
describe("costly synthetic signals on demand", () => {
  it("skips the voice countermeasure for a voice nobody enrolled, as unknown with the reason", {
    timeout: 300_000,
  }, async () => {
    const enrolled = await enrolledTom();
    const otherVoice = dataFile("spoof-audio/tortoise-tts/cloned/pat/espn_basketball.mp3");

    const lazy = await analyseMedia(otherVoice, { enrolled, costlySignals: onLikeness });
    expect(lazy.voice?.match?.confidence ?? 0).toBeLessThan(50);
    const skipped = signal(lazy, "voice-synthetic");
    expect(skipped?.status).toBe("unknown");
    expect(skipped?.score).toBeUndefined();
    expect(skipped?.explanation).toMatch(/no enrolled face or voice matched/);
    // A skipped signal never turns into a claim that the media is genuine.
    expect(lazy.synthetic.status).toBe("unknown");

    const full = await analyseMedia(otherVoice, { enrolled });
    expect(typeof signal(full, "voice-synthetic")?.score).toBe("number");
  });

  it("leaves out voice anti-spoofing for the enrolled voice while its fitted operating point is at chance", {
    timeout: 300_000,
  }, async () => {
    const enrolled = await enrolledTom();
    const ownVoice = dataFile("spoof-audio/tortoise-tts/real/tom/2.wav");
    const result = await analyseMedia(ownVoice, { enrolled, costlySignals: onLikeness });
    expect(result.voice?.match?.confidence).toBeGreaterThanOrEqual(50);
    // The committed fit detects fewer clones than it flags genuine recordings: every reading scores 0.
    expect(aasistOperatingPoint.cloneDetectionRate).toBeLessThanOrEqual(assumedFalseAlarm(aasistOperatingPoint));
    const skipped = signal(result, "voice-antispoof");
    expect(skipped?.status).toBe("unknown");
    expect(skipped?.explanation).toMatch(/no reading of it could change the verdict/);
    // The Whisper countermeasure, whose operating point beats chance, is read for the enrolled voice.
    expect(typeof signal(result, "voice-synthetic")?.score).toBe("number");

    // Asked for every signal, AASIST is still not computed: no reading of it could count.
    const full = signal(await analyseMedia(ownVoice, { enrolled }), "voice-antispoof");
    expect(full?.status).toBe("unknown");
    expect(full?.evidence.rawScore).toBeUndefined();
  });

  it("searches for the watermark only in photos of an enrolled face", { timeout: 300_000 }, async () => {
    const [face] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    if (!face) throw new Error("no face in the enrolment photo");
    const enrolled = [{ personId: "ID01", face: [face.descriptor], voice: [] }];

    const samePerson = await analyseMedia(dataFile("faces/deepface/img2.jpg"), { enrolled, costlySignals: onLikeness });
    expect(samePerson.faces.some((f) => (f.match?.confidence ?? 0) >= 50)).toBe(true);
    expect(signal(samePerson, "sd-watermark")?.evidence.skipped).toBeUndefined();

    const stranger = await analyseMedia(dataFile("faces/deepface/img26.jpg"), { enrolled, costlySignals: onLikeness });
    const skipped = signal(stranger, "sd-watermark");
    expect(skipped?.status).toBe("unknown");
    expect(skipped?.explanation).toMatch(/no enrolled face or voice matched/);
  });
});
