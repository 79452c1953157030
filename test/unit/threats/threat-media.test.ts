import { describe, expect, it } from "vitest";
import type { BiometricSampleRecord } from "../../../packages/domain/src/records.js";
import { writeEvidencePackage } from "../../../packages/domain/src/scanning/evidence.js";
import { ThreatMedia } from "../../../packages/domain/src/threats/threat-media.js";
import type { ThreatRecord } from "../../../packages/domain/src/threats/threat-ports.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryEvidenceStore, InMemoryThreatRepository } from "../scanning/fakes.js";

const at = "2026-11-23T10:00:00.000Z";

const sample = (sampleId: string, extra: Partial<BiometricSampleRecord> = {}): BiometricSampleRecord => ({
  userId: "alice",
  personId: "self",
  modality: "face",
  sampleId,
  source: "live-capture",
  verified: true,
  objectKey: `users/alice/samples/${sampleId}.jpg`,
  encryptedEmbedding: "",
  encryptedDataKey: "",
  quality: {},
  createdAt: at,
  ...extra,
});

async function setup(samples: BiometricSampleRecord[] = []) {
  const threats = new InMemoryThreatRepository();
  const evidence = new InMemoryEvidenceStore();
  const rendered: number[][] = [];
  const photos = new Map(samples.map((s) => [s.objectKey ?? "", new TextEncoder().encode(`photo ${s.sampleId}`)]));
  const media = new ThreatMedia({
    threats,
    evidence,
    renderVideoFrames: async (_video, times) => {
      rendered.push(times);
      return times.map((t) => new TextEncoder().encode(`frame@${t}`));
    },
    renderThumbnail: async (picture, { intimate }) =>
      new TextEncoder().encode(`thumb(${new TextDecoder().decode(picture)}${intimate ? ", intimate" : ""})`),
    enrolledFaces: {
      samples: async (userId) => samples.filter((s) => s.userId === userId),
      read: async (key) => photos.get(key) ?? null,
      render: async (photo) => photo,
    },
  });
  async function threat(id: string, contentType: string, detection: unknown, extra: Partial<ThreatRecord> = {}) {
    const pkg = await writeEvidencePackage(evidence, {
      userId: "alice",
      media: { bytes: new TextEncoder().encode(`${id}-bytes`), contentType, url: `https://x.example/${id}` },
      page: { url: `https://x.example/${id}`, platform: "youtube" },
      detection,
      capturedAt: at,
    });
    await threats.createIfAbsent({
      userId: "alice",
      id,
      personId: "self",
      threatType: "deepfake",
      confidence: 95,
      platform: "youtube",
      contentType,
      url: `https://x.example/${id}`,
      status: "active",
      mediaSha256: pkg.manifest.mediaSha256,
      evidenceData: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: at },
      detection: {},
      classification: threatClassification(extra.threatType ?? "deepfake", { confidence: 95 }),
      sightings: [],
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
  }
  return { media, threat, rendered };
}

const face = (timeSeconds: number, confidence: number, personId = "self") => ({
  timeSeconds,
  match: { personId, confidence, distance: 0.3 },
});

describe("what a threat's evidence shows its owner", () => {
  it("points at the video frames whose face matched the person, strongest four in time order", async () => {
    const { media, threat } = await setup();
    await threat("v1", "video/mp4", {
      media: { kind: "video", durationSeconds: 9 },
      faces: [
        face(0, 40),
        face(1, 91),
        face(2, 97),
        face(2, 80),
        face(3, 88, "someone-else"),
        face(5, 70),
        face(6, 60, "self#unverified-enrolment"),
        face(8, 99),
      ],
      voice: null,
    });
    const facts = await media.facts("alice", "v1");
    expect(facts.kind).toBe("video");
    expect(facts.durationSeconds).toBe(9);
    expect(facts.frames.map((f) => [f.timeSeconds, f.confidence])).toEqual([
      [1, 91],
      [2, 97],
      [5, 70],
      [8, 99],
    ]);
    expect(facts.audioAvailable).toBe(false);
  });

  it("adds the frames a present synthetic signal or the explicit-content finding rests on, naming each", async () => {
    const { media, threat } = await setup();
    await threat("v1", "video/mp4", {
      faces: [face(2, 93)],
      signals: [
        { id: "face-swap-mesonet", status: "present", evidence: { frames: [{ timeSeconds: 2 }, { timeSeconds: 6 }] } },
        // A signal that found nothing carries no verdict: its frames are not shown as evidence.
        { id: "ai-image", status: "absent", evidence: { frames: [{ timeSeconds: 9 }] } },
      ],
      intimate: { status: "present", evidence: { frames: [{ timeSeconds: 4 }] } },
    });
    const { frames } = await media.facts("alice", "v1");
    expect(frames).toEqual([
      { index: 0, timeSeconds: 2, confidence: 93, findings: ["face-match", "face-swap-mesonet"] },
      { index: 1, timeSeconds: 4, findings: ["intimate"] },
      { index: 2, timeSeconds: 6, findings: ["face-swap-mesonet"] },
    ]);
  });

  it("renders a verdict frame censored at its time, and no frame it does not list", async () => {
    const { media, threat, rendered } = await setup();
    await threat("v1", "video/mp4", { faces: [face(4, 90)] });
    expect(new TextDecoder().decode(await media.frame("alice", "v1", 0))).toBe("frame@4");
    expect(rendered).toEqual([[4]]);
    await expect(media.frame("alice", "v1", 1)).rejects.toMatchObject({ kind: "not-found" });
  });

  it("serves a voice threat's recording with where its speech is, to its owner only", async () => {
    const { media, threat } = await setup();
    await threat(
      "a1",
      "audio/wav",
      {
        media: { kind: "audio" },
        faces: [],
        voice: { segments: [{ startS: 1.5, endS: 4 }], match: { personId: "self" } },
      },
      { threatType: "voice_clone" },
    );
    const facts = await media.facts("alice", "a1");
    expect(facts).toMatchObject({ kind: "audio", audioAvailable: true, speech: [{ startS: 1.5, endS: 4 }] });
    const audio = await media.audio("alice", "a1");
    expect(audio.contentType).toBe("audio/wav");
    expect(new TextDecoder().decode(audio.bytes)).toBe("a1-bytes");

    await expect(media.audio("mallory", "a1")).rejects.toMatchObject({ kind: "not-found" });
    await expect(media.facts("mallory", "a1")).rejects.toMatchObject({ kind: "not-found" });
    await expect(media.frame("mallory", "a1", 0)).rejects.toMatchObject({ kind: "not-found" });
  });

  it("never serves a picture's or video's original bytes as audio", async () => {
    const { media, threat } = await setup();
    await threat("v2", "video/mp4", { faces: [], voice: { segments: [], match: { personId: "self" } } });
    expect((await media.facts("alice", "v2")).audioAvailable).toBe(false);
    await expect(media.audio("alice", "v2")).rejects.toMatchObject({ kind: "not-found" });
  });

  it("marks intimate imagery, so its pictures are shown more heavily censored", async () => {
    const { media, threat } = await setup();
    await threat("i1", "image/jpeg", { faces: [face(0, 95)] }, { threatType: "intimate_imagery" });
    expect(await media.facts("alice", "i1")).toMatchObject({ kind: "image", intimate: true, frames: [] });
  });

  it("shows the person's own enrolled face beside a face match, a verified capture first", async () => {
    const { media, threat } = await setup([
      sample("old-upload", { verified: false, createdAt: "2026-11-24T00:00:00.000Z" }),
      sample("capture"),
      sample("voice", { modality: "voice" }),
      sample("zero-knowledge", { objectKey: undefined }),
      sample("exec", { personId: "exec-1" }),
    ]);
    await threat("f1", "image/jpeg", { faces: [face(0, 95)] });
    expect((await media.facts("alice", "f1")).enrolledPhotoAvailable).toBe(true);
    expect(new TextDecoder().decode(await media.enrolledPhoto("alice", "f1"))).toBe("photo capture");
    await expect(media.enrolledPhoto("mallory", "f1")).rejects.toMatchObject({ kind: "not-found" });
  });

  it("has no enrolled photo to show for a voice threat, or when no face photo is stored", async () => {
    const { media, threat } = await setup([sample("zero-knowledge", { objectKey: undefined })]);
    await threat(
      "a1",
      "audio/wav",
      { voice: { segments: [], match: { personId: "self" } } },
      { threatType: "voice_clone" },
    );
    await threat("f1", "image/jpeg", { faces: [face(0, 95)] });
    expect((await media.facts("alice", "a1")).enrolledPhotoAvailable).toBe(false);
    expect((await media.facts("alice", "f1")).enrolledPhotoAvailable).toBe(false);
    await expect(media.enrolledPhoto("alice", "f1")).rejects.toMatchObject({ kind: "not-found" });
  });

  it("thumbnails the found picture, an impersonator's avatar and a video's first verdict frame, for their owner only", async () => {
    const { media, threat } = await setup();
    const thumb = async (id: string) => new TextDecoder().decode(await media.thumbnail("alice", id));
    await threat("p1", "image/png", { faces: [face(0, 95)] });
    expect(await thumb("p1")).toBe("thumb(p1-bytes)");
    // The evidence keeps the avatar as a picture; the threat's own content type is "profile".
    await threat(
      "imp",
      "image/jpeg",
      { profile: {}, finding: { faces: [face(0, 95)] } },
      { threatType: "impersonation", contentType: "profile" },
    );
    expect(await thumb("imp")).toBe("thumb(imp-bytes)");
    await threat("v1", "video/mp4", { faces: [face(3, 80), face(7, 95)] });
    expect(await thumb("v1")).toBe("thumb(frame@3)");
    await threat("i1", "image/jpeg", { faces: [face(0, 95)] }, { threatType: "intimate_imagery" });
    expect(await thumb("i1")).toBe("thumb(i1-bytes, intimate)");
    await expect(media.thumbnail("mallory", "p1")).rejects.toMatchObject({ kind: "not-found" });
  });

  it("thumbnails a video with no verdict frame (a voice found in it) by its opening frame", async () => {
    const { media, threat, rendered } = await setup();
    await threat("v3", "video/mp4", { faces: [], voice: { segments: [], match: { personId: "self" } } });
    expect(new TextDecoder().decode(await media.thumbnail("alice", "v3"))).toBe("thumb(frame@0)");
    expect(rendered).toEqual([[0]]);
  });

  it("has no thumbnail for a voice clip or a threat whose evidence keeps no media", async () => {
    const { media, threat } = await setup();
    await threat("a1", "audio/wav", {}, { threatType: "voice_clone" });
    await expect(media.thumbnail("alice", "a1")).rejects.toThrow("no picture");
    await threat("gone", "image/jpeg", {}, { evidenceData: undefined });
    await expect(media.thumbnail("alice", "gone")).rejects.toThrow("keeps no media");
  });
});
