import { faceCalibration } from "@lg/detection";
import { voiceCalibration } from "@lg/detection/voice/index";
import { Gallery, type GalleryEntry } from "@lg/domain/gallery/gallery";
import { FACE_MATCH_RULE, shortlistDistance, VOICE_MATCH_RULE } from "@lg/domain/gallery/match-rule";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

// Seeded vectors: a person is a random direction, their samples that direction plus small noise.
const random = mulberry32(24);
const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
};
const direction = (dims = 128) => unit(Array.from({ length: dims }, gaussian));
const near = (centre: Float32Array, noise: number) => unit(Array.from(centre, (x) => x + noise * gaussian()));

const NOW = new Date("2026-11-27T06:00:00.000Z");
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };

const entry = (userId: string, sampleId: string, embedding: Float32Array, extra: Partial<GalleryEntry> = {}) => ({
  userId,
  personId: "self",
  sampleId,
  modality: "face" as const,
  model: models.face,
  embedding,
  verified: true,
  searched: true,
  source: "live-capture",
  consentVersion: "2026-11-biometric-v1",
  enrolledAt: "2026-11-01T00:00:00.000Z",
  ...extra,
});

let sql: PgliteSql;
let gallery: Gallery;

beforeAll(async () => {
  sql = await PgliteSql.open();
  gallery = new Gallery(sql, { now: () => NOW, models, sizeTtlMs: 0 });
  await gallery.ensureSchema();
  // Postgres in WebAssembly starts in seconds, more on a busy machine.
}, 60_000);
afterAll(() => sql.close());
beforeEach(async () => {
  await sql.execute("DELETE FROM gallery_face");
  await sql.execute("DELETE FROM gallery_voice");
});

async function enrol(userId: string, centre: Float32Array, samples = 3, extra: Partial<GalleryEntry> = {}) {
  for (let i = 0; i < samples; i++) await gallery.put(entry(userId, `${userId}-s${i}`, near(centre, 0.04), extra));
}

describe("gallery matching", () => {
  it("finds the enrolled person a crawled face belongs to, confirmed by their several samples", async () => {
    const alice = direction();
    await enrol("alice", alice);
    await enrol("bob", direction());
    const [candidate, ...others] = await gallery.match(near(alice, 0.04), "face");
    expect(others).toEqual([]);
    expect(candidate).toMatchObject({ userId: "alice", personId: "self", agreeing: 3, samples: 3, verified: true });
  });

  it("matches nobody for a bystander's face, and stores nothing of it", async () => {
    await enrol("alice", direction());
    expect(await gallery.match(direction(), "face")).toEqual([]);
    expect(await gallery.size("face")).toBe(3);
  });

  it("does not confirm a person on one close sample when their other samples disagree", async () => {
    const probe = direction();
    await gallery.put(entry("carol", "close", near(probe, 0.02)));
    await gallery.put(entry("carol", "far-1", direction()));
    await gallery.put(entry("carol", "far-2", direction()));
    expect(await gallery.match(probe, "face")).toEqual([]);
  });

  it("never matches a person again once their biometrics are deleted", async () => {
    const alice = direction();
    await enrol("alice", alice);
    expect(await gallery.match(alice, "face")).toHaveLength(1);
    expect(await gallery.removeUser("alice")).toBe(3);
    expect(await gallery.match(alice, "face")).toEqual([]);
  });

  it("drops one deleted sample at once while the rest of the person stays matchable", async () => {
    const alice = direction();
    await enrol("alice", alice);
    await gallery.removeSample("alice", "face", "alice-s0");
    expect(await gallery.match(alice, "face")).toMatchObject([{ userId: "alice", samples: 2 }]);
  });

  it("stops matching samples past their auto-delete time before any sweep removes them", async () => {
    const alice = direction();
    await enrol("alice", alice, 3, { deleteAfter: "2026-11-27T05:59:59.000Z" });
    expect(await gallery.match(alice, "face")).toEqual([]);
    for (let i = 0; i < 3; i++) await gallery.setDeleteAfter("alice", "face", `alice-s${i}`, undefined);
    expect(await gallery.match(alice, "face")).toHaveLength(1);
  });

  it("compares only embeddings of the current model, and a re-enrolled sample replaces its old vector", async () => {
    const alice = direction();
    await enrol("alice", alice, 3, { model: "face-api-dlib" });
    expect(await gallery.match(alice, "face")).toEqual([]);
    for (let i = 0; i < 3; i++) await gallery.put(entry("alice", `alice-s${i}`, near(alice, 0.04)));
    expect(await gallery.size("face")).toBe(3);
    expect(await gallery.match(alice, "face")).toHaveLength(1);
  });

  it("reports whether a verified sample vouches for the match", async () => {
    const alice = direction();
    await enrol("alice", alice, 2, { verified: false, source: "zero-knowledge" });
    expect(await gallery.match(alice, "face")).toMatchObject([{ verified: false }]);
    await gallery.setVerified("alice", "face", "alice-s1", true);
    expect(await gallery.match(alice, "face")).toMatchObject([{ verified: true }]);
  });

  it("keeps faces and voices apart and refuses an embedding of the wrong length", async () => {
    const voice = direction(256);
    await gallery.put({ ...entry("alice", "v1", near(voice, 0.02)), modality: "voice", model: models.voice });
    await gallery.put({ ...entry("alice", "v2", near(voice, 0.02)), modality: "voice", model: models.voice });
    expect(await gallery.match(voice, "voice")).toMatchObject([{ userId: "alice", samples: 2 }]);
    await expect(gallery.match(direction(128), "voice")).rejects.toThrow("voice probe has 256 numbers, this one 128");
    await expect(gallery.put(entry("bob", "x", direction(64)))).rejects.toThrow("face embedding has 128 numbers");
  });
});

describe("size-dependent threshold", () => {
  it("uses the calibrated pair threshold for a small gallery and tightens as the gallery grows", () => {
    // Never looser than the one-to-one calibration, whatever the impostor model says.
    const farImpostors = { ...FACE_MATCH_RULE, impostor: { ...FACE_MATCH_RULE.impostor, mean: 1, sd: 0.05 } };
    expect(shortlistDistance(farImpostors, 1)).toBe(FACE_MATCH_RULE.pairThreshold);
    expect(shortlistDistance(FACE_MATCH_RULE, 1)).toBeLessThanOrEqual(FACE_MATCH_RULE.pairThreshold);
    // 1e6 comparisons at the budget of 1e-3 false candidates: 1e-9 per comparison, z = -5.998.
    const { mean, sd } = FACE_MATCH_RULE.impostor;
    expect(shortlistDistance(FACE_MATCH_RULE, 1_000_000)).toBeCloseTo(mean - 5.998 * sd, 3);
    const sizes = [1_000, 100_000, 1_000_000, 10_000_000].map((n) => shortlistDistance(FACE_MATCH_RULE, n));
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThan(sizes[i - 1] as number);
  });

  it("holds the rules' pair thresholds to the detection engine's calibrations", () => {
    expect(FACE_MATCH_RULE.pairThreshold).toBeCloseTo(faceCalibration.threshold, 4);
    expect(VOICE_MATCH_RULE.pairThreshold).toBeCloseTo(voiceCalibration.threshold, 4);
  });
});

describe("photos nobody vouched for", () => {
  it("holds an unconfirmed uploaded photo unsearched until a live capture vouches for it", async () => {
    const alice = direction();
    await enrol("alice", alice, 2, { verified: false, searched: false, source: "upload" });
    expect(await gallery.match(alice, "face")).toEqual([]);
    for (const i of [0, 1]) await gallery.setVerified("alice", "face", `alice-s${i}`, true);
    expect(await gallery.match(alice, "face")).toMatchObject([{ userId: "alice", verified: true }]);
  });
});

describe("batched probes", () => {
  it("answers each probe of a batch as match() answers it alone", async () => {
    const alice = direction();
    const bob = direction();
    await enrol("alice", alice);
    await enrol("bob", bob);
    const probes = [near(bob, 0.04), direction(), near(alice, 0.04)];
    const batch = await gallery.matchBatch(probes, "face");
    expect(batch.map((c) => c.map((x) => x.userId))).toEqual([["bob"], [], ["alice"]]);
    for (const [i, probe] of probes.entries()) expect(await gallery.match(probe, "face")).toEqual(batch[i]);
  });
});

describe("the read-only sign-in", () => {
  it("lets the health check's user read the gallery and nothing more", async () => {
    await gallery.ensureReader("gallery_reader", "a-long-Password-1234567");
    await sql.execute("SET ROLE gallery_reader");
    try {
      await expect(gallery.ping()).resolves.toBeUndefined();
      await expect(gallery.removeUser("alice")).rejects.toThrow(/permission denied/);
    } finally {
      await sql.execute("RESET ROLE");
    }
    await expect(gallery.ensureReader("gallery_reader", "it's-a-quote-in-here")).rejects.toThrow("without quotes");
  });
});

describe("a newcomer's look-back", () => {
  it("matches within one account only, exactly, confirmed as match() confirms", async () => {
    const alice = direction();
    await enrol("alice", alice);
    await enrol("alice-twin", alice);
    const within = await gallery.matchWithin("alice", near(alice, 0.04), "face");
    expect(within.map((c) => c.userId)).toEqual(["alice"]);
    expect(within[0]).toMatchObject({ personId: "self", agreeing: 3, samples: 3, verified: true });
    expect(await gallery.matchWithin("alice", direction(), "face")).toEqual([]);
    expect(await gallery.matchWithin("nobody", near(alice, 0.04), "face")).toEqual([]);
  });

  it("lists the accounts enrolled since a time, with their latest enrolment", async () => {
    await enrol("early", direction(), 1, { enrolledAt: "2026-11-01T00:00:00.000Z" });
    await enrol("late", direction(), 1, { enrolledAt: "2026-11-20T08:30:00.250Z" });
    expect(await gallery.enrolledSince("2026-11-10T00:00:00.000Z")).toEqual([
      { userId: "late", enrolledAt: "2026-11-20T08:30:00.250Z" },
    ]);
  });
});
