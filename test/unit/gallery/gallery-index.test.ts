import { GALLERY_EF_SEARCH, GALLERY_HNSW, Gallery } from "@lg/domain/gallery/gallery";
import { type HnswIndexState, untilIndexesReady } from "@lg/domain/gallery/vector-index";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// An index that can change (issue 41): new graph parameters reach a database that already has a graph.
const random = mulberry32(41);
const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
};
const direction = () => unit(Array.from({ length: 128 }, gaussian));
const near = (centre: Float32Array) => unit(Array.from(centre, (x) => x + 0.04 * gaussian()));
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };
const NOW = new Date("2026-11-29T12:00:00.000Z");

let sql: PgliteSql;
/** The graph shipped before the denser one: existing databases hold it until ensureSchema replaces it. */
const EARLIER = { m: 16, efConstruction: 64 };
const SHIPPED_NAME = `hnsw_m${GALLERY_HNSW.m}_efc${GALLERY_HNSW.efConstruction}`;
const galleryWith = (hnsw = GALLERY_HNSW) => new Gallery(sql, { now: () => NOW, models, sizeTtlMs: 0, hnsw });

/** The face table's HNSW indexes as the catalogue holds them: name, validity, build parameters. */
const faceIndexes = async () =>
  (
    await sql.execute(
      `SELECT c.relname AS name, i.indisvalid AS valid, array_to_string(c.reloptions, ',') AS options
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       WHERE i.indrelid = 'gallery_face'::regclass AND a.amname = 'hnsw' ORDER BY c.relname`,
    )
  ).map((row) => `${row.name} ${row.valid ? "valid" : "invalid"} ${row.options}`);

async function enrolPeople(gallery: Gallery, people: number) {
  const centres: Float32Array[] = [];
  for (let p = 0; p < people; p++) {
    const centre = direction();
    centres.push(centre);
    for (let s = 0; s < 3; s++)
      await gallery.put({
        userId: `u${p}`,
        personId: "self",
        sampleId: `u${p}-s${s}`,
        modality: "face",
        model: models.face,
        embedding: near(centre),
        verified: true,
        searched: true,
        source: "live-capture",
        consentVersion: "2026-11-biometric-v1",
        enrolledAt: "2026-11-01T00:00:00.000Z",
      });
  }
  return centres;
}

beforeEach(async () => {
  sql = await PgliteSql.open();
}, 60_000);
afterEach(() => sql.close());

describe("the gallery's HNSW index follows its parameters", () => {
  it("names a new database's index by its parameters, and a second run changes nothing", async () => {
    const first = await galleryWith().ensureSchema();
    expect(first.map((s) => [s.table, s.state, s.index])).toEqual([
      ["gallery_face", "ready", `gallery_face_${SHIPPED_NAME}`],
      ["gallery_voice", "ready", `gallery_voice_${SHIPPED_NAME}`],
    ]);
    const again = await galleryWith().ensureSchema();
    expect(again).toEqual(first.map((s) => ({ ...s, built: false, dropped: [] })));
    expect(await faceIndexes()).toEqual([
      `gallery_face_${SHIPPED_NAME} valid m=${GALLERY_HNSW.m},ef_construction=${GALLERY_HNSW.efConstruction}`,
    ]);
  }, 60_000);

  it("searches with the shipped candidate list in this session and in every later one", async () => {
    await galleryWith().ensureSchema();
    const [session] = await sql.execute("SELECT current_setting('hnsw.ef_search') AS ef");
    expect(Number(session?.ef)).toBe(GALLERY_EF_SEARCH);
    // The Data API pools sessions: the database's own default is what a fresh one starts with.
    const [database] = await sql.execute(
      `SELECT array_to_string(setconfig, ',') AS settings FROM pg_db_role_setting s
       JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = current_database() AND s.setrole = 0`,
    );
    expect(String(database?.settings)).toContain(`hnsw.ef_search=${GALLERY_EF_SEARCH}`);
  }, 60_000);

  it("rebuilds under the new parameters' name when they change, drops the old graph, and keeps every row matchable", async () => {
    const earlier = galleryWith(EARLIER);
    await earlier.ensureSchema();
    const centres = await enrolPeople(earlier, 40);

    const denser = galleryWith();
    const [face] = await denser.ensureSchema();
    expect(face).toEqual({
      table: "gallery_face",
      state: "ready",
      index: `gallery_face_${SHIPPED_NAME}`,
      built: true,
      dropped: ["gallery_face_hnsw_m16_efc64"],
    });
    expect(await faceIndexes()).toEqual([
      `gallery_face_${SHIPPED_NAME} valid m=${GALLERY_HNSW.m},ef_construction=${GALLERY_HNSW.efConstruction}`,
    ]);
    const [row] = await sql.execute("SELECT count(*) AS n FROM gallery_face");
    expect(Number(row?.n)).toBe(120);
    // The query plan walks the new graph (a table this small is scanned unless told not to), and each
    // enrolled person is still found by a new photo.
    await sql.execute("SET enable_seqscan = off");
    const plan = await sql.execute(
      `EXPLAIN SELECT sample_id FROM gallery_face ORDER BY embedding <=> CAST(:p AS vector) LIMIT 10`,
      { p: `[${Array.from(centres[0] as Float32Array).join(",")}]` },
    );
    expect(plan.map((r) => String(r["QUERY PLAN"])).join("\n")).toContain(`gallery_face_${SHIPPED_NAME}`);
    for (const [p, centre] of centres.entries()) {
      const candidates = await denser.match(near(centre), "face");
      expect(candidates.map((c) => c.userId)).toContain(`u${p}`);
    }
    await sql.execute("RESET enable_seqscan");
  }, 120_000);

  it("adopts a graph made before names carried the parameters when they are the wanted ones", async () => {
    await sql.execute("CREATE EXTENSION vector");
    await galleryWith(EARLIER).ensureSchema();
    await sql.execute("DROP INDEX gallery_face_hnsw_m16_efc64");
    // What ensureSchema made before issue 41.
    await sql.execute(
      "CREATE INDEX gallery_face_hnsw ON gallery_face USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)",
    );
    const [face] = await galleryWith(EARLIER).ensureSchema();
    expect(face).toMatchObject({ state: "ready", index: "gallery_face_hnsw", built: false, dropped: [] });
    // Its parameters changed, it is replaced like any other.
    const [changed] = await galleryWith().ensureSchema();
    expect(changed).toMatchObject({
      index: `gallery_face_${SHIPPED_NAME}`,
      built: true,
      dropped: ["gallery_face_hnsw"],
    });
  }, 60_000);

  it("drops and begins again a build that failed part-way (an invalid index nobody is building)", async () => {
    await galleryWith(EARLIER).ensureSchema();
    await enrolPeople(galleryWith(EARLIER), 5);
    // A CREATE INDEX CONCURRENTLY that failed or was cancelled leaves its index in the catalogue, invalid.
    await sql.execute(
      "CREATE INDEX gallery_face_hnsw_m24_efc128 ON gallery_face USING hnsw (embedding vector_cosine_ops) WITH (m = 24, ef_construction = 128)",
    );
    await sql.execute(
      "UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'gallery_face_hnsw_m24_efc128'::regclass",
    );
    const [face] = await galleryWith().ensureSchema();
    expect(face).toMatchObject({ state: "ready", index: `gallery_face_${SHIPPED_NAME}`, built: true });
    expect(await faceIndexes()).toEqual([
      `gallery_face_${SHIPPED_NAME} valid m=${GALLERY_HNSW.m},ef_construction=${GALLERY_HNSW.efConstruction}`,
    ]);
  }, 60_000);
});

describe("waiting for a rebuild that outlasts one call", () => {
  const building = (done: number): HnswIndexState => ({
    table: "gallery_face",
    state: "building",
    index: "gallery_face_hnsw_m24_efc128",
    progress: {
      phase: "building index: loading tuples",
      tuplesDone: done,
      tuplesTotal: 1000,
      blocksDone: 0,
      blocksTotal: 0,
    },
  });
  const ready: HnswIndexState = {
    table: "gallery_face",
    state: "ready",
    index: "gallery_face_hnsw_m24_efc128",
    built: false,
    dropped: ["gallery_face_hnsw_m16_efc64"],
  };

  it("reports the build's progress at each poll until the swap is done", async () => {
    const answers = [[building(600)], [ready]];
    const reports: HnswIndexState[][] = [];
    const states = await untilIndexesReady(async () => answers.shift() ?? [], [building(200)], {
      remainingMs: () => 600_000,
      sleep: async () => {},
      pollMs: 30_000,
      report: (s) => reports.push(s),
    });
    expect(states).toEqual([ready]);
    expect(reports.map(([s]) => (s?.state === "building" ? s.progress?.tuplesDone : s?.state))).toEqual([
      200,
      600,
      "ready",
    ]);
  });

  it("stops waiting when the time runs out and says the build is still going on", async () => {
    let remaining = 70_000;
    const states = await untilIndexesReady(async () => [building(900)], [building(100)], {
      remainingMs: () => remaining,
      sleep: async (ms) => {
        remaining -= ms;
      },
      pollMs: 30_000,
      report: () => {},
    });
    expect(states).toEqual([building(900)]);
    expect(remaining).toBe(10_000);
  });
});
