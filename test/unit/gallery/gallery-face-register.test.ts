import { Gallery } from "@lg/domain/gallery/gallery";
import { GalleryFaceRegister } from "@lg/domain/gallery/gallery-face-register";
import { GallerySync } from "@lg/domain/gallery/gallery-sync";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storedFaceSample } from "../../support/biometric-sample.js";

const NOW = new Date("2026-11-27T09:00:00.000Z");
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };

/** A unit vector along axis `i` tilted by `tilt` towards axis `j`. */
const face = (i: number, tilt = 0, j = i + 1) => {
  const v = new Float32Array(128);
  v[i] = 1;
  v[j] = tilt;
  const norm = Math.hypot(1, tilt);
  return v.map((x) => x / norm);
};

const sample = (userId: string, sampleId: string, extra: Partial<BiometricSampleRecord> = {}) =>
  storedFaceSample(userId, sampleId, {
    verifiedBy: "live-check",
    embeddingModel: models.face,
    quality: { pose: "front" },
    createdAt: "2026-11-27T08:00:00.000Z",
    ...extra,
  });

let sql: PgliteSql;
let gallery: Gallery;
let sync: GallerySync;
let register: GalleryFaceRegister;

beforeAll(async () => {
  sql = await PgliteSql.open();
  gallery = new Gallery(sql, { now: () => NOW, models, sizeTtlMs: 0 });
  await gallery.ensureSchema();
  sync = new GallerySync(() => gallery);
  register = new GalleryFaceRegister(() => gallery);
}, 60_000);
afterAll(() => sql.close());
beforeEach(async () => {
  await sql.execute("DELETE FROM gallery_face");
});

describe("the register of faces verified across accounts, read from the gallery", () => {
  it("finds the same face verified on another account, never the person's own, nor another face", async () => {
    await sync.sampleEnrolled(sample("first", "a"), face(0));
    expect(await register.verifiedElsewhere("second", face(0, 0.1))).toBe(true);
    expect(await register.verifiedElsewhere("first", face(0, 0.1))).toBe(false);
    expect(await register.verifiedElsewhere("second", face(5))).toBe(false);
  });

  it("holds at the pair threshold: a face just inside it is the same person, just outside it is not", async () => {
    await sync.sampleEnrolled(sample("first", "a"), face(0));
    // Cosine distance 1 - 1/√(1 + t²), either side of the face pair threshold 0.6201.
    expect(await register.verifiedElsewhere("second", face(0, 1.2))).toBe(true); // d ≈ 0.360
    expect(await register.verifiedElsewhere("second", face(0, 4))).toBe(false); // d ≈ 0.757
  });

  it("leaves out what is not verified: an unconfirmed upload, a capture held for review, a demoted face, an expired one", async () => {
    await sync.sampleEnrolled(
      sample("upload", "a", { source: "upload", verified: false, verifiedBy: undefined }),
      face(0),
    );
    await sync.sampleEnrolled(
      sample("held", "a", { verified: false, verifiedBy: undefined, reviewStatus: "pending" }),
      face(0),
    );
    const demoted = sample("old", "a", { verifiedBy: "server-checked-capture" });
    await sync.sampleEnrolled(demoted, face(0));
    expect(await register.verifiedElsewhere("someone", face(0))).toBe(true);
    const { verifiedBy: _by, ...rest } = demoted;
    await sync.sampleChanged({ ...rest, verified: false, verificationLapsed: "predates-live-check" });
    expect(await register.verifiedElsewhere("someone", face(0))).toBe(false);
    await sync.sampleEnrolled(sample("gone", "a", { deleteAfter: "2026-11-27T08:30:00.000Z" }), face(0));
    expect(await register.verifiedElsewhere("someone", face(0))).toBe(false);
  });
});
