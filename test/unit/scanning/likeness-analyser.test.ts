import { describe, expect, it, vi } from "vitest";
import { dataFile } from "../detection/data-dir.js";

const analysed = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@lg/detection", async (importOriginal) => {
  const detection = await importOriginal<typeof import("@lg/detection")>();
  return {
    ...detection,
    analyseMedia: async (...args: Parameters<typeof detection.analyseMedia>) => {
      analysed.calls++;
      return detection.analyseMedia(...args);
    },
  };
});

const { DetectionLikenessAnalyser } = await import("../../../lambdas/src/shared/analysis/likeness-analyser.js");

const unit = (n: number) => Float32Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0));
const faceOnly = [{ personId: "self", displayName: "Ada", face: [unit(128)], voice: [] }];
const voiceOnly = [{ personId: "self", displayName: "Ada", face: [], voice: [unit(256)] }];
const recording = () => dataFile("spoof-audio/tortoise-tts/real/tom/3.wav");
const picture = () => dataFile("faces/face_recognition/examples/obama_small.jpg");

describe("the scan's analyser skips media no enrolled likeness can be in", () => {
  it("does not decode a recording when no voice is enrolled, and says why", async () => {
    analysed.calls = 0;
    const finding = await new DetectionLikenessAnalyser().analyse(
      { url: "https://x.test/a.wav", contentType: "application/octet-stream", bytes: recording() },
      faceOnly,
    );
    expect(analysed.calls).toBe(0);
    expect(finding).toMatchObject({ contentType: "audio/wav", face: null, voice: null, syntheticScore: null });
    expect(finding.result).toMatchObject({ skipped: expect.stringContaining("No voice is enrolled") });
  });

  it("does not decode a picture when no face is enrolled", async () => {
    analysed.calls = 0;
    const finding = await new DetectionLikenessAnalyser().analyse(
      { url: "https://x.test/a.jpg", contentType: "image/jpeg", bytes: picture() },
      voiceOnly,
    );
    expect(analysed.calls).toBe(0);
    expect(finding).toMatchObject({ face: null, voice: null });
  });

  it("still analyses a recording when a voice is enrolled", async () => {
    analysed.calls = 0;
    const finding = await new DetectionLikenessAnalyser().analyse(
      { url: "https://x.test/a.wav", contentType: "audio/wav", bytes: recording() },
      voiceOnly,
    );
    expect(analysed.calls).toBe(1);
    expect(finding.result).not.toHaveProperty("skipped");
  }, 60_000);
});

describe("the scan's analyser says which kind of enrolment a match rests on", () => {
  it("marks a face match against a client-reported (unverified) sample, and one against a verified sample", async () => {
    const { analyseMedia } = await import("@lg/detection");
    const [seen] = (await analyseMedia(picture(), { enrolled: [] })).faces;
    if (!seen) throw new Error("the test picture holds a face");
    const own = Float32Array.from(seen.descriptor);
    const media = { url: "https://x.test/a.jpg", contentType: "image/jpeg", bytes: picture() };
    const analyser = new DetectionLikenessAnalyser();

    const reported = [{ personId: "self", displayName: "Ada", face: [own], voice: [], unverified: new Set([own]) }];
    const onReported = await analyser.analyse(media, reported);
    expect(onReported.face).toMatchObject({ personId: "self", enrolment: "unverified" });
    expect(onReported.face?.confidence).toBeGreaterThan(90);

    // The nearest sample decides: a verified one beside an unrelated unverified one makes the match verified.
    const mixed = [
      { personId: "self", displayName: "Ada", face: [own, unit(128)], voice: [], unverified: new Set([unit(128)]) },
    ];
    expect((await analyser.analyse(media, mixed)).face).toMatchObject({ personId: "self", enrolment: "verified" });
  }, 60_000);
});
