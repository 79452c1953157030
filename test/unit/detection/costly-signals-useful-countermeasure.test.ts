import { describe, expect, it, vi } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { speakerEmbedding } from "../../../packages/detection/src/voice/index.js";
import { dataFile } from "./data-dir.js";

// A fit that detects clones more often than it flags genuine speech, as a better countermeasure
// would: then a scan reads it wherever the enrolled voice speaks, with no change to the gate.
vi.mock("../../../packages/detection/src/antispoof/calibration.js", () => ({
  aasistOperatingPoint: {
    threshold: 0.99,
    targetFalseAlarm: 0.01,
    fitFalseAlarm: 0,
    heldOutFalseAlarm: 0.02,
    cloneDetectionRate: 0.6,
    source: "a fit better than chance",
  },
}));

const onLikeness = { whenLikenessAtLeast: 50 } as const;

describe("costly synthetic signals with a countermeasure better than chance", () => {
  it("reads voice anti-spoofing where the enrolled voice speaks, and nowhere else", { timeout: 300_000 }, async () => {
    const tom = await speakerEmbedding(
      (await decodeAudio(dataFile("spoof-audio/tortoise-tts/real/tom/1.wav"))).samples,
    );
    const enrolled = [{ personId: "tom", face: [], voice: [tom] }];

    const own = await analyseMedia(dataFile("spoof-audio/tortoise-tts/real/tom/2.wav"), {
      enrolled,
      costlySignals: onLikeness,
    });
    expect(own.voice?.match?.confidence).toBeGreaterThanOrEqual(50);
    const read = own.signals.find((s) => s.id === "voice-antispoof");
    expect(typeof read?.score).toBe("number");
    expect(read?.evidence.operatingPoint).toBe("a fit better than chance");

    const other = await analyseMedia(dataFile("spoof-audio/tortoise-tts/cloned/pat/espn_basketball.mp3"), {
      enrolled,
      costlySignals: onLikeness,
    });
    expect(other.signals.find((s) => s.id === "voice-antispoof")?.explanation).toMatch(/no enrolled face or voice/);
  });
});
