import { sealEmbedding } from "@lg/domain/biometrics/embedding-cipher";
import { Gallery } from "@lg/domain/gallery/gallery";
import { backfillGallery, type GalleryBackfillDeps } from "@lg/domain/gallery/gallery-backfill";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeDataKeys } from "../accounts/fakes.js";

// Issue 41: samples enrolled before the gallery existed are indexed by a migration, not only when
// something rewrites them. The test starts from such a table: sealed samples and an empty gallery.
const random = mulberry32(4101);
const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
};
const direction = (dims: number) => unit(Array.from({ length: dims }, gaussian));
const near = (centre: Float32Array) => unit(Array.from(centre, (x) => x + 0.04 * gaussian()));
const NOW = new Date("2026-11-29T12:00:00.000Z");
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };

/** Keys that count how many sealed embeddings were opened. */
class CountingKeys extends FakeDataKeys {
  opened = 0;
  override async unwrapDataKey(...args: Parameters<FakeDataKeys["unwrapDataKey"]>) {
    this.opened++;
    return super.unwrapDataKey(...args);
  }
}

let sql: PgliteSql;
let gallery: Gallery;
const keys = new CountingKeys();
/** The record of truth as it stood before the gallery existed: sealed samples of three accounts. */
const table = new Map<string, BiometricSampleRecord[]>();
const centres = new Map<string, Float32Array>();

async function sealedSample(
  userId: string,
  sampleId: string,
  modality: "face" | "voice",
  embedding: Float32Array,
  extra: Partial<BiometricSampleRecord> = {},
): Promise<BiometricSampleRecord> {
  return {
    userId,
    personId: "self",
    sampleId,
    modality,
    source: "live-capture",
    verified: true,
    verifiedBy: "live-check",
    ...(modality === "face" ? { embeddingModel: models.face } : {}),
    ...(await sealEmbedding(keys, userId, modality, embedding)),
    quality: {},
    createdAt: "2026-10-01T00:00:00.000Z",
    ...extra,
  } as BiometricSampleRecord;
}

const deps = (): GalleryBackfillDeps => ({
  owners: {
    async *userIds() {
      yield* table.keys();
    },
  },
  activeSamples: async (userId) =>
    (table.get(userId) ?? []).filter((s) => !s.deleteAfter || new Date(s.deleteAfter) > NOW),
  gallery,
  keys,
});

beforeAll(async () => {
  for (const userId of ["ada", "bo", "cy"]) {
    const face = direction(128);
    centres.set(userId, face);
    const samples = [];
    for (let i = 0; i < 3; i++) samples.push(await sealedSample(userId, `${userId}-f${i}`, "face", near(face)));
    samples.push(await sealedSample(userId, `${userId}-v0`, "voice", direction(256)));
    table.set(userId, samples);
  }
  // One of Cy's photos is past its auto-delete time: it must not reach the gallery.
  const cy = table.get("cy") as BiometricSampleRecord[];
  cy[2] = { ...(cy[2] as BiometricSampleRecord), deleteAfter: "2026-11-01T00:00:00.000Z" };
  sql = await PgliteSql.open();
  gallery = new Gallery(sql, { now: () => NOW, models, sizeTtlMs: 0 });
  await gallery.ensureSchema();
}, 60_000);
afterAll(() => sql.close());

describe("the gallery's backfill", () => {
  it("indexes every current sample enrolled before the gallery existed, so their people are matched", async () => {
    for (const userId of table.keys())
      expect(await gallery.match(near(centres.get(userId) as Float32Array), "face")).toEqual([]);

    const run = await backfillGallery(deps());
    expect(run).toEqual({ users: 3, indexed: 11, failed: 0 });
    expect([...(await gallery.sampleKeys("cy"))].sort()).toEqual(["face/cy-f0", "face/cy-f1", "voice/cy-v0"]);
    for (const userId of table.keys()) {
      const [candidate] = await gallery.match(near(centres.get(userId) as Float32Array), "face");
      expect(candidate).toMatchObject({ userId, verified: true });
    }
  });

  it("opens no sealed embedding on a second run, and indexes only what is missing after a failed write", async () => {
    keys.opened = 0;
    expect(await backfillGallery(deps())).toEqual({ users: 3, indexed: 0, failed: 0 });
    expect(keys.opened).toBe(0);

    // A gallery write that failed after Bo's sample was stored leaves the sample without its row.
    await gallery.removeSample("bo", "face", "bo-f1");
    expect(await backfillGallery(deps())).toEqual({ users: 3, indexed: 1, failed: 0 });
    expect(keys.opened).toBe(1);
    expect(await gallery.sampleKeys("bo")).toContain("face/bo-f1");
  });

  it("goes on past an account it cannot index and reports it, so the next run retries", async () => {
    await gallery.removeUser("ada");
    await gallery.removeUser("bo");
    const broken = table.get("ada") as BiometricSampleRecord[];
    table.set("ada", [{ ...(broken[0] as BiometricSampleRecord), encryptedEmbedding: "bm90IHNlYWxlZA==" }]);
    const failures: string[] = [];
    const run = await backfillGallery(deps(), (userId) => failures.push(userId));
    expect(run).toMatchObject({ users: 3, failed: 1, indexed: 4 });
    expect(failures).toEqual(["ada"]);
    expect(await gallery.sampleKeys("bo")).toHaveLength(4);
    table.set("ada", broken);
  });
});
