import { describe, expect, it } from "vitest";
import { type AnalyseOptions, analyseMediaWithFindings } from "../../../packages/detection/src/analyse.js";
import { engineVersion } from "../../../packages/detection/src/engine-version.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import { whyDetectorLeftOut } from "../../../packages/detection/src/fusion.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import type { DetectionResult } from "../../../packages/detection/src/result.js";
import { FindingsReuse, type ReusableFindings } from "../../../packages/detection/src/reusable-findings.js";
import { speakerEmbedding } from "../../../packages/detection/src/voice/index.js";
import { dataFile } from "./data-dir.js";

/** Everything but how long each step took, which no two runs share. */
const withoutTimings = ({ timingsMs: _, ...result }: DetectionResult) => result;

/** As the cache keeps them: JSON in a table item, read back by another invocation. */
const stored = (findings: ReusableFindings): ReusableFindings => JSON.parse(JSON.stringify(findings));

/** Analyses fresh, then again from the first analysis's kept findings: the two results must be one. */
async function freshThenReused(bytes: Uint8Array, options: AnalyseOptions) {
  const fresh = await analyseMediaWithFindings(bytes, options);
  const reused = await analyseMediaWithFindings(bytes, { ...options, reuse: stored(fresh.findings) });
  expect(withoutTimings(reused.result)).toEqual(withoutTimings(fresh.result));
  // Nothing person-independent was computed a second time, and what is kept again is the same.
  expect(reused.computedSteps).toBe(0);
  expect(reused.reusedSteps).toBe(fresh.computedSteps);
  expect(stored(reused.findings)).toEqual(stored(fresh.findings));
  return fresh;
}

/** The picture detectors an analysis of this kind computes: a detector the fitted fusion leaves out is never computed, so never kept. */
const computedPictureSignals = (kind: "image" | "video") =>
  (["ai-image", "face-synthetic", "face-swap-mesonet"] as const).filter((id) => !whyDetectorLeftOut(id, kind));

const keys = (value: unknown): string[] =>
  value && typeof value === "object" ? Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)]) : [];

// Real media from ../shared/data: a reused reading must give the verdicts a fresh analysis gives.
describe("reusing an earlier analysis's person-independent findings", () => {
  it("gives a photo of an enrolled face the same result, faces, matches and verdicts, without computing a signal again", {
    timeout: 300_000,
  }, async () => {
    const [face] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    if (!face) throw new Error("no face in the enrolment photo");
    const enrolled = [{ personId: "ID01", face: [face.descriptor], voice: [] }];
    const fresh = await freshThenReused(dataFile("faces/deepface/img2.jpg"), { enrolled });
    expect(fresh.result.faces.some((f) => (f.match?.confidence ?? 0) >= 50)).toBe(true);
    expect(fresh.findings.signals.map((s) => s.id)).toEqual(
      expect.arrayContaining(["sd-watermark", ...computedPictureSignals("image")]),
    );
    expect(fresh.findings.signals.filter((s) => s.evidence.skipped)).toEqual([]);
    expect(fresh.findings.intimate?.status).toMatch(/present|absent/);
    // Whose face it is stays out of what is kept: no descriptor, landmark or match.
    expect(keys(fresh.findings).filter((k) => /descriptor|embedding|landmark|match|person/i.test(k))).toEqual([]);
  });

  it("gives a recording of an enrolled voice the same result, its countermeasure reused", {
    timeout: 300_000,
  }, async () => {
    const tom = await speakerEmbedding(
      (await decodeAudio(dataFile("spoof-audio/tortoise-tts/real/tom/1.wav"))).samples,
    );
    const enrolled = [{ personId: "tom", face: [], voice: [tom] }];
    const fresh = await freshThenReused(dataFile("spoof-audio/tortoise-tts/real/tom/2.wav"), {
      enrolled,
      costlySignals: { whenLikenessAtLeast: 50 },
    });
    expect(fresh.result.voice?.match?.personId).toBe("tom");
    expect(typeof fresh.findings.signals.find((s) => s.id === "voice-synthetic")?.score).toBe("number");
  });

  it("gives a video the same frames' faces, picture signals, explicit reading and voice result", {
    timeout: 600_000,
  }, async () => {
    const clip = dataFile("faces/face_recognition/examples/short_hamilton_clip.mp4");
    const fresh = await freshThenReused(clip, { enrolled: [] });
    expect(fresh.result.faces.length).toBeGreaterThan(0);
    expect(fresh.findings.signals.map((s) => s.id)).toEqual(
      expect.arrayContaining([...computedPictureSignals("video"), "voice-synthetic"]),
    );
    expect(fresh.findings.intimate).not.toBeUndefined();
  });

  it("keeps no signal skipped for want of a likeness, and reuses nothing another engine version computed", {
    timeout: 300_000,
  }, async () => {
    const [face] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    if (!face) throw new Error("no face in the enrolment photo");
    const enrolled = [{ personId: "ID01", face: [face.descriptor], voice: [] }];
    const stranger = dataFile("faces/deepface/img26.jpg");
    const lazy = await analyseMediaWithFindings(stranger, { enrolled, costlySignals: { whenLikenessAtLeast: 50 } });
    // Skipped here because nobody matched: a later analysis that matches must compute them itself.
    expect(lazy.findings.signals).toEqual([]);
    expect(lazy.findings.intimate).toBeUndefined();
    expect(lazy.computedSteps).toBe(0);

    const full = await analyseMediaWithFindings(stranger, { enrolled });
    const otherEngine = { ...stored(full.findings), engineVersion: "another-engine" };
    const again = await analyseMediaWithFindings(stranger, { enrolled, reuse: otherEngine });
    expect(again.reusedSteps).toBe(0);
    expect(again.computedSteps).toBe(full.computedSteps);
  });

  it("keeps the earlier readings an analysis had no use for, so what it keeps never loses one", async () => {
    const reading = (id: "ai-image" | "voice-synthetic", score: number) => ({
      id,
      status: "absent" as const,
      score,
      explanation: `${id} ${score}`,
      evidence: {},
    });
    // A video analysed for a matched face, then for a matched voice alone (its picture step skipped).
    const earlier = { engineVersion: engineVersion(), signals: [reading("ai-image", 0.1)], intimate: null };
    const reuse = new FindingsReuse(earlier);
    await reuse.signal("voice-synthetic", async () => reading("voice-synthetic", 0.2));
    expect(reuse.findings()).toEqual({
      engineVersion: engineVersion(),
      signals: [reading("ai-image", 0.1), reading("voice-synthetic", 0.2)],
      intimate: null,
    });
    expect([reuse.computedSteps, reuse.reusedSteps]).toEqual([1, 0]);
  });
});
