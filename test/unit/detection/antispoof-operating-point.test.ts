import { shareAbove, thresholdForFalseAlarm } from "@lg/fitting/detection-rates";
import { describe, expect, it } from "vitest";
import { aasistOperatingPoint } from "../../../packages/detection/src/antispoof/calibration.js";
import calibration from "../../../packages/detection/src/antispoof/calibration.json" with { type: "json" };
import calibrationClips from "../../../packages/detection/src/antispoof/calibration-clips.json" with { type: "json" };
import { scoreSynthetic } from "../../../packages/detection/src/antispoof/index.js";
import {
  type OperatingPoint,
  syntheticProbability,
  whyNoReadingCanAddEvidence,
} from "../../../packages/detection/src/antispoof/operating-point.js";
import { fuseSignals, verdictsFor } from "../../../packages/detection/src/fusion.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import type { Signal } from "../../../packages/detection/src/result.js";
import { analyseSpeech } from "../../../packages/detection/src/voice/speech.js";
import { analyseVoice, antispoofSignal } from "../../../packages/detection/src/voice-path.js";
import { dataFile } from "./data-dir.js";

// AASIST scores this genuine LibriSpeech reading 0.87 p(spoof): a raw 0.5 threshold calls it a clone.
const GENUINE_ABOVE_HALF = "voices/librispeech/1688/1688-142285-0008.flac";

const clips = Object.entries(calibrationClips.clips);
const scoresOf = (keep: (file: string, synthetic: boolean) => boolean) =>
  clips.filter(([file, clip]) => keep(file, clip.synthetic)).map(([, clip]) => clip.score);

const point = (overrides: Partial<OperatingPoint>): OperatingPoint => ({
  threshold: 0.9,
  targetFalseAlarm: 0.01,
  fitFalseAlarm: 0,
  heldOutFalseAlarm: 0,
  cloneDetectionRate: 0.5,
  source: "test",
  ...overrides,
});
const spoofScore = (score: number) => ({ score, model: "AASIST", windows: [{ startS: 0, score }], skipped: [] });

describe("AASIST operating point", () => {
  it("does not call a genuine recording synthetic although AASIST scores it above 0.5", {
    timeout: 120_000,
  }, async () => {
    const pcm = (await decodeAudio(dataFile(GENUINE_ABOVE_HALF))).samples;
    const signal = antispoofSignal(
      await scoreSynthetic(pcm, { speech: (await analyseSpeech(pcm)).ranges }),
      aasistOperatingPoint,
    );
    expect(signal.evidence.rawScore).toBeGreaterThanOrEqual(0.5);
    expect(signal.status).toBe("absent");
    expect(signal.score).toBe(0);
    expect(fuseSignals([signal]).status).toBe("no-evidence");
  });

  it("is not computed by the voice path at all while its operating point lets no reading count", {
    timeout: 120_000,
  }, async () => {
    const { signals } = await analyseVoice(dataFile(GENUINE_ABOVE_HALF), [], 600);
    const signal = signals.find((s) => s.id === "voice-antispoof") as Signal;
    expect(signal.status).toBe("unknown");
    expect(signal.evidence.rawScore).toBeUndefined();
    expect(signal.explanation).toMatch(/no reading of it could change the verdict/);
  });

  it("uses the threshold and rates of the committed fit, which follow from its clip scores", () => {
    expect(aasistOperatingPoint).toEqual(calibration.operatingPoint);
    expect(calibrationClips.source).toBe(calibration.operatingPoint.source);
    const fit = scoresOf((file, synthetic) => file.startsWith("voices/librispeech/") && !synthetic);
    const heldOut = scoresOf((file, synthetic) => file.startsWith("spoof-audio/") && !synthetic);
    const clones = scoresOf((_, synthetic) => synthetic);
    expect([fit.length, heldOut.length, clones.length]).toEqual([50, 14, 104]);
    expect(aasistOperatingPoint.threshold).toBe(thresholdForFalseAlarm(fit, aasistOperatingPoint.targetFalseAlarm));
    expect(aasistOperatingPoint.fitFalseAlarm).toBeLessThanOrEqual(aasistOperatingPoint.targetFalseAlarm);
    expect(aasistOperatingPoint.heldOutFalseAlarm).toBe(shareAbove(heldOut, aasistOperatingPoint.threshold));
    expect(aasistOperatingPoint.cloneDetectionRate).toBe(shareAbove(clones, aasistOperatingPoint.threshold));

    const { threshold } = aasistOperatingPoint;
    expect(antispoofSignal(spoofScore(threshold), aasistOperatingPoint).status).toBe("absent");
    expect(antispoofSignal(spoofScore(Math.min(1, threshold + 1e-4)), aasistOperatingPoint).status).toBe("present");
  });

  it("states the model, raw score, threshold and measured false-alarm and detection rates", () => {
    const signal = antispoofSignal(spoofScore(0.8714), aasistOperatingPoint);
    const { threshold, fitFalseAlarm, heldOutFalseAlarm, cloneDetectionRate } = aasistOperatingPoint;
    expect(signal.explanation).toContain("AASIST countermeasure's raw score 0.8714");
    expect(signal.explanation).toContain(`threshold ${threshold.toFixed(4)}`);
    for (const rate of [fitFalseAlarm, heldOutFalseAlarm, cloneDetectionRate])
      expect(signal.explanation).toContain(`${(rate * 100).toFixed(1)}%`);
    expect(signal.explanation).toMatch(/does not show the speech is genuine/);
    expect(signal.evidence).toMatchObject({ model: "AASIST", rawScore: 0.8714, threshold });
  });

  it("says which windows went unscored for lack of speech", () => {
    const skipped = [{ startS: 4.0375, reason: "no speech" }];
    const signal = antispoofSignal({ ...spoofScore(0.5), skipped }, aasistOperatingPoint);
    expect(signal.explanation).toContain("1 of the 2 four-second windows had no speech and were not scored");
    expect(signal.evidence).toMatchObject({ windows: [{ startS: 0, score: 0.5 }], skippedWindows: skipped });
    expect(antispoofSignal(spoofScore(0.5), aasistOperatingPoint).explanation).not.toContain("no speech");
  });

  it("adds to fusion only what the detector does better than chance at its operating point", () => {
    const good = point({ cloneDetectionRate: 0.9, heldOutFalseAlarm: 0.02 });
    expect(syntheticProbability(0.95, good)).toBeCloseTo((0.9 - 0.02) / (0.9 + 0.02), 10);
    expect(syntheticProbability(0.9, good)).toBe(0);
    // No false alarm seen in the fit still counts as the 1 % target, not as none.
    expect(syntheticProbability(0.95, point({ cloneDetectionRate: 0.01 }))).toBe(0);
    const chance = point({ cloneDetectionRate: 0.125, heldOutFalseAlarm: 0.214 });
    const fired = antispoofSignal(spoofScore(0.99), chance);
    expect(fired.status).toBe("present");
    expect(fired.score).toBe(0);
    expect(fired.explanation).toMatch(/no evidence the speech is synthetic/);
    const signals = [fired, { id: "c2pa", status: "present", score: 0.9, explanation: "", evidence: {} } as const];
    const fused = fuseSignals(signals);
    expect(fused.score).toBeCloseTo(0.9, 10);
    expect(fused.explanation).not.toContain("voice-antispoof");
    expect(verdictsFor(fused, signals, [], null).map((v) => v.basedOn)).toEqual([["c2pa"]]);
  });

  it("says a reading cannot count only where the point detects clones no more often than it flags genuine speech", () => {
    expect(whyNoReadingCanAddEvidence(point({ cloneDetectionRate: 0.5, heldOutFalseAlarm: 0.02 }))).toBeNull();
    const atChance = whyNoReadingCanAddEvidence(point({ cloneDetectionRate: 0.125, heldOutFalseAlarm: 0.214 }));
    expect(atChance).toMatch(
      /detected 12\.5% of the voice clones tested while calling 21\.4% of genuine recordings synthetic/,
    );
    // Equal rates are chance too; the target false alarm counts when nothing above it was measured.
    expect(whyNoReadingCanAddEvidence(point({ cloneDetectionRate: 0.2, heldOutFalseAlarm: 0.2 }))).not.toBeNull();
    expect(whyNoReadingCanAddEvidence(point({ cloneDetectionRate: 0.005, targetFalseAlarm: 0.01 }))).not.toBeNull();
  });
});
