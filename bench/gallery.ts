/**
 * Gallery benchmark: `npm run bench:gallery -- [--sizes 100000,1000000] [--probes 200] [--out FILE.json]
 *   [--builds 16:64,32:200,ivfflat:316] [--ef-search 40,100,200,400] [--ivfflat-probes 10,20,40,80]
 *   [--storage vector|halfvec] [--maintenance-work-mem 1GB] [--data-dir DIR]
 *   [--engine pglite|native] [--parallel-workers 2] [--shared-buffers 4GB] [--reuse]`
 *
 * Real impostor and genuine pairs: SFace embeddings of ../shared/data's face photos and ../shared/train's
 * studio portraits (265 photos, 114 people). Gallery vectors: a Gaussian model fitted to those
 * embeddings (bench/gallery-model.ts), 3 samples per enrolled person. For each size it builds the
 * gallery in PGlite + pgvector (the local adapter; the same SQL as Aurora) or, with `--engine native`, in
 * native PostgreSQL 16 + pgvector 0.8.5 (the engine Aurora runs; bench/native-postgres.ts starts one
 * from the verified wheel, or uses GALLERY_DATABASE_URL), then measures build time,
 * query latency (single and batched), recall@10 against exact search, genuine hits and bystander false
 * candidates at the shipped rule, and delete-to-invisible time. Results of sizes not run this time
 * are kept from the file, so 100k and 1 M can be measured in separate runs. `--builds` indexes the same
 * loaded gallery once per m:ef_construction pair, one after the other, each under its own key.
 */
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { faceCalibration } from "@lg/detection/face/calibration";
import { cosineDistance } from "@lg/detection/voice/matching";
import { GALLERY_EF_SEARCH, GALLERY_HNSW, Gallery } from "@lg/domain/gallery/gallery";
import {
  FACE_MATCH_RULE,
  FALSE_CANDIDATES_PER_PROBE,
  modelledFalseMatchRate,
  normalQuantile,
  shortlistDistance,
} from "@lg/domain/gallery/match-rule";
import type { SqlPort } from "@lg/domain/gallery/sql-port";
import {
  calibrationTarget,
  latency,
  meanSd,
  quantile,
  type RealFace,
  realFaceEmbeddings,
  realPairDistances,
  round,
  tailFittedFaceRule,
} from "./gallery-faces.js";
import { exactTop10, FaceEmbeddingModel, loadSyntheticGallery, syntheticGallery } from "./gallery-model.js";
import { benchMachine } from "./machine.js";
import { type EngineName, openBenchSql } from "./native-postgres.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    // The index's build parameters as m:ef_construction pairs; the product's are GALLERY_HNSW (gallery.ts).
    // Other values, storage or memory are recorded under their own key, to compare.
    builds: { type: "string", default: `${GALLERY_HNSW.m}:${GALLERY_HNSW.efConstruction}` },
    "ef-search": { type: "string", default: "40,100,200,400" },
    // With GALLERY_DATABASE_URL: measure a gallery an earlier run left loaded and indexed, as it is.
    reuse: { type: "boolean", default: false },
    "ivfflat-probes": { type: "string", default: "10,20,40,80" },
    // halfvec: an expression index on embedding::halfvec(128), its shortlist re-ranked by exact distance.
    storage: { type: "string", default: "vector" },
    "maintenance-work-mem": { type: "string", default: "1GB" },
    // On disk instead of in the wasm heap (2 GB at most, which a 1 M table and its graph build share).
    "data-dir": { type: "string" },
    probes: { type: "string", default: "200" },
    // pglite: the local stack's embedded engine; native: PostgreSQL + pgvector as Aurora runs them.
    engine: { type: "string", default: "pglite" },
    // Native only: parallel workers for index builds (max_parallel_maintenance_workers) and the buffer pool.
    "parallel-workers": { type: "string", default: "2" },
    "shared-buffers": { type: "string", default: "4GB" },
    out: { type: "string" },
  },
});
const sizes = (values.sizes as string).split(",").map(Number);
const engine = values.engine as EngineName;
if (engine !== "pglite" && engine !== "native") throw new Error("--engine is pglite or native");
const parallelWorkers = engine === "native" ? Number(values["parallel-workers"]) : 0;
const nativeSettings = { sharedBuffers: values["shared-buffers"] as string, parallelWorkers };
const probeCount = Number(values.probes);
// An HNSW index (m:ef_construction) or, to compare, an IVFFlat one (ivfflat:lists).
type Build = { kind: "hnsw"; m: number; efConstruction: number } | { kind: "ivfflat"; lists: number };
const builds: Build[] = (values.builds as string).split(",").map((pair): Build => {
  const [a, b] = pair.split(":");
  if (a === "ivfflat" && Number(b) > 0) return { kind: "ivfflat", lists: Number(b) };
  const [m, efConstruction] = [Number(a), Number(b)];
  if (!m || !efConstruction) throw new Error(`--builds takes m:ef_construction or ivfflat:lists, not ${pair}`);
  return { kind: "hnsw", m, efConstruction };
});
const ivfflatProbes = (values["ivfflat-probes"] as string).split(",").map(Number);
const efSearches = (values["ef-search"] as string).split(",").map(Number);
const storage = values.storage as string;
if (storage !== "vector" && storage !== "halfvec") throw new Error("--storage is vector or halfvec");
const maintenanceWorkMem = values["maintenance-work-mem"] as string;
const resultKey = (size: number, build: Build) => {
  const parts = [
    build.kind === "ivfflat"
      ? `ivfflat lists=${build.lists}`
      : build.m === GALLERY_HNSW.m && build.efConstruction === GALLERY_HNSW.efConstruction
        ? ""
        : `m=${build.m} ef_construction=${build.efConstruction}`,
    storage === "vector" ? "" : storage,
    maintenanceWorkMem === "1GB" ? "" : `maintenance_work_mem=${maintenanceWorkMem}`,
    engine === "native" && parallelWorkers !== 2 ? `workers=${parallelWorkers}` : "",
  ].filter(Boolean);
  return [String(size), ...parts].join(" ");
};
const repo = path.resolve(import.meta.dirname, "..");
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };

// --- Real pairs: the impostor tail, the shipped pair threshold, what confirmation buys ---------------
const real = await realFaceEmbeddings([path.join(repo, "../shared/data"), path.join(repo, "../shared/train")]);
const { genuine, impostor } = realPairDistances(real);
const { normal: fit, rule: fitted } = tailFittedFaceRule(impostor);
const bulk = meanSd(impostor);
const rate = (xs: number[], t: number) => xs.filter((d) => d <= t).length / xs.length;
const tail = [1e-2, 1e-3, 1e-4].map((p) => ({
  perComparison: p,
  measuredDistance: round(quantile(impostor, p)),
  modelDistance: round(fit.mean + fit.sd * normalQuantile(p)),
}));
const threshold1M = shortlistDistance(fitted, 1_000_000);
const realPairs = {
  photos: real.length,
  people: new Set(real.map((f) => f.subject)).size,
  genuinePairs: genuine.length,
  impostorPairs: impostor.length,
  shippedPairThreshold: faceCalibration.threshold,
  falseMatchRatePerComparisonAtShippedThreshold: round(rate(impostor, faceCalibration.threshold), 6),
  genuineAcceptAtShippedThreshold: round(rate(genuine, faceCalibration.threshold)),
  impostorDistanceNormal: { mean: round(fit.mean), sd: round(fit.sd), fittedTo: "measured 1e-2 and 1e-3 quantiles" },
  impostorDistanceBulk: { mean: round(bulk.mean), sd: round(bulk.sd) },
  tailCheck: tail,
  shortlistRule: `largest d with N x FMR(d) <= ${FALSE_CANDIDATES_PER_PROBE} (FMR from the impostor normal), never above the pair threshold`,
  thresholdFor1M: round(threshold1M),
  modelledFalseCandidatesPer1000FacesAt1M: round(1e6 * modelledFalseMatchRate(fitted, threshold1M) * 1000, 4),
  measuredImpostorPairsAtOrBelowThresholdFor1M: impostor.filter((d) => d <= threshold1M).length,
  genuineAcceptAtThresholdFor1M: round(rate(genuine, threshold1M)),
  confirmation: confirmationOnRealFaces(real),
};
console.log(JSON.stringify(realPairs, null, 2));

/**
 * What "several samples agree" buys, on real photos: each person with 3+ photos enrols all but one;
 * the held-out photo is a genuine probe, every other person's photo an impostor probe. A person is
 * shortlisted when their nearest photo is within t, confirmed when min(2, n) photos are within the
 * pair threshold as well.
 */
function confirmationOnRealFaces(faces: RealFace[]) {
  const bySubject = new Map<string, RealFace[]>();
  for (const f of faces) bySubject.set(f.subject, [...(bySubject.get(f.subject) ?? []), f]);
  const enrolled = [...bySubject.entries()].filter(([, photos]) => photos.length >= 3);
  const atThreshold = (t: number) => {
    const counts = {
      genuine: 0,
      genuineShortlisted: 0,
      genuineConfirmed: 0,
      impostor: 0,
      impostorShortlisted: 0,
      impostorConfirmed: 0,
    };
    for (const [subject, photos] of enrolled)
      for (const [held, probe] of photos.entries()) {
        const gallery = photos.filter((_, i) => i !== held);
        const judge = (embedding: Float32Array) => {
          const d = gallery.map((g) => cosineDistance(g.embedding, embedding));
          const shortlisted = Math.min(...d) <= t;
          const agreeing = d.filter((x) => x <= faceCalibration.threshold).length;
          return { shortlisted, confirmed: shortlisted && agreeing >= Math.min(2, gallery.length) };
        };
        const g = judge(probe.embedding);
        counts.genuine++;
        counts.genuineShortlisted += Number(g.shortlisted);
        counts.genuineConfirmed += Number(g.confirmed);
        if (held !== 0) continue; // each enrolled gallery (photos 1..n) meets every impostor once
        for (const other of faces) {
          if (other.subject === subject) continue;
          const r = judge(other.embedding);
          counts.impostor++;
          counts.impostorShortlisted += Number(r.shortlisted);
          counts.impostorConfirmed += Number(r.confirmed);
        }
      }
    return { threshold: round(t), ...counts };
  };
  return {
    enrolledPeople: enrolled.length,
    atPairThreshold: atThreshold(faceCalibration.threshold),
    atThresholdFor1M: atThreshold(threshold1M),
  };
}

// --- The gallery at each size ---------------------------------------------------------------------
const out = path.resolve(
  repo,
  (values.out as string | undefined) ??
    (engine === "native" ? "docs/benchmarks/gallery-native.json" : "docs/benchmarks/gallery.json"),
);
const previous = existsSync(out)
  ? (JSON.parse(await readFile(out, "utf8")) as { sizes?: Record<string, unknown> })
  : {};
const results: Record<string, unknown> = { ...(previous.sizes ?? {}) };
let engineName: string = engine;
for (const size of sizes) {
  for await (const [build, result] of benchSize(size)) {
    results[resultKey(size, build)] = result;
    await save(size);
  }
}

async function save(size: number) {
  await writeFile(
    out,
    `${JSON.stringify(
      {
        benchmark: "gallery",
        engine: engineName,
        vectors:
          "Gallery: Gaussian model fitted to real SFace embeddings (identity centres from the between-person covariance of 114 real people, 3 samples each from the pooled within-person covariance, L2-normalised; bench/gallery-model.ts). Impostor and genuine pairs: the real embeddings themselves.",
        machine: { ...benchMachine(), loadAverage: os.loadavg().map((x) => round(x, 2)) },
        shippedRule: FACE_MATCH_RULE,
        realPairs,
        sizes: results,
        goals: { recallAt10: 0.99, queryP95Ms: 20 },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${out} (${size})`);
}

/** The gallery_face indexes ensureSchema made (HNSW, whatever their names): each build starts without one. */
async function dropVectorIndexes(sql: SqlPort) {
  const rows = await sql.execute(
    "SELECT indexname FROM pg_indexes WHERE tablename = 'gallery_face' AND (indexdef LIKE '%USING hnsw%' OR indexdef LIKE '%USING ivfflat%')",
  );
  for (const row of rows) await sql.execute(`DROP INDEX ${String(row.indexname)}`);
}

async function* benchSize(size: number): AsyncGenerator<[Build, unknown]> {
  const people = Math.ceil(size / 3);
  const model = new FaceEmbeddingModel(real, 24);
  const calibrated = model.calibrate(calibrationTarget({ genuine, impostor }));
  const synthetic = syntheticGallery(model, size, probeCount);
  const { vectors, owner, probeCentres, probePeople, vectorAt } = synthetic;
  const genuineProbes = probeCentres.map((c) => model.sample(c));
  const bystanderProbes = probeCentres.map(() => model.sample(model.person()));
  // How the synthetic gallery compares with the real faces it was fitted to.
  const synthImpostor: number[] = [];
  const synthGenuine: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const a = (i * 7919) % size;
    const b = (i * 104_729 + 13) % size;
    if (owner[a] !== owner[b]) synthImpostor.push(cosineDistance(vectorAt(a), vectorAt(b)));
  }
  for (let n = 0; n + 1 < Math.min(size, 30_000); n += 3)
    synthGenuine.push(cosineDistance(vectorAt(n), vectorAt(n + 1)));

  const dataDir = values["data-dir"]
    ? path.resolve(values["data-dir"] as string, `gallery-${size}-${Date.now()}`)
    : undefined;
  const sql = await openBenchSql(engine, nativeSettings, dataDir);
  engineName = sql.engine;
  // The gallery's size is counted once a minute, as in the product (not per query).
  const gallery = new Gallery(sql, { now: () => new Date(), models });
  await gallery.ensureSchema();
  const [ext] = await sql.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'");
  engineName = `${sql.engine}, pgvector ${String(ext?.extversion)}`;
  // --reuse: a server (GALLERY_DATABASE_URL) that an earlier run of the same size left loaded and
  // indexed is measured as it is, so the latencies can be taken again on a quiet machine without an
  // hour's load and build.
  const [held] = await sql.execute("SELECT count(*) AS n FROM gallery_face");
  const reusing = values.reuse === true && Number(held?.n) === size;
  if (values.reuse === true && !reusing)
    console.log(`--reuse: the table holds ${String(held?.n)} rows, not ${size}: loading`);
  const loadStart = performance.now();
  if (!reusing) {
    await dropVectorIndexes(sql);
    await sql.execute("TRUNCATE gallery_face");
    await loadSyntheticGallery(sql, synthetic, models.face);
    // Statistics, as autovacuum gathers them in a running database: without them the planner guesses.
    await sql.execute("ANALYZE gallery_face");
  }
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const probes = [...genuineProbes, ...bystanderProbes];
  // Recall against exact search (brute force over every vector, here in JS), for genuine probes (an
  // enrolled person's new photo) and bystanders apart. Besides recall@10: of the exact 10 nearest that
  // lie within a matching distance (the shortlist distance in force, the 1 M one, the pair threshold),
  // the share the index returns, since only those can become candidates.
  const recallSets = {
    genuine: genuineProbes.filter((_, i) => i % 2 === 0),
    bystander: bystanderProbes.filter((_, i) => i % 2 === 0),
  };
  const exact = new Map<Float32Array, { n: number; d: number }[]>();
  for (const probe of [...recallSets.genuine, ...recallSets.bystander])
    exact.set(probe, exactTop10(vectors, model.dims, probe));
  const recallProbes = [...recallSets.genuine, ...recallSets.bystander];
  const inForce = await gallery.threshold("face");
  const matchingDistances = {
    shortlistInForce: inForce,
    thresholdFor1M: threshold1M,
    pairThreshold: faceCalibration.threshold,
  };

  // The k nearest as the product asks for them; with halfvec storage, the bench's own query: the
  // index orders by half-precision distance, the 40 nearest are re-ranked by exact distance.
  const nearest10 = async (probe: Float32Array): Promise<string[]> => {
    if (storage === "vector") {
      const [rows = []] = await gallery.nearest([probe], "face", 10);
      return rows.map((r) => String(r.sample_id));
    }
    const rows = await sql.execute(
      `SELECT sample_id FROM (
         SELECT sample_id, embedding FROM gallery_face WHERE model = :model AND searched
           AND (delete_after IS NULL OR delete_after > now())
         ORDER BY embedding::halfvec(128) <=> CAST(:p AS halfvec(128)) LIMIT 40
       ) AS shortlist ORDER BY embedding <=> CAST(:p AS vector) LIMIT 10`,
      { model: models.face, p: `[${Array.from(probe).join(",")}]` },
    );
    return rows.map((r) => String(r.sample_id));
  };

  // Exact search in Postgres (no index: a full scan), the recall-1 end of the trade, on 20 probes; not
  // with --reuse, whose index is already there and would answer instead.
  const exactScan: number[] = [];
  for (const probe of reusing ? [] : recallProbes.slice(0, 20)) {
    const t = performance.now();
    await gallery.nearest([probe], "face", 10);
    exactScan.push(performance.now() - t);
  }
  const exactScanMs = exactScan.length > 0 ? latency(exactScan) : "not measured (--reuse)";
  console.log(`${size}: exact top-10 by full scan ${JSON.stringify(exactScanMs)} ms`);

  for (const [b, build] of builds.entries()) {
    const last = b === builds.length - 1;
    const column =
      storage === "vector" ? "embedding vector_cosine_ops" : "(embedding::halfvec(128)) halfvec_cosine_ops";
    const method =
      build.kind === "hnsw"
        ? `hnsw (${column}) WITH (m = ${build.m}, ef_construction = ${build.efConstruction})`
        : `ivfflat (${column}) WITH (lists = ${build.lists})`;
    const wanted =
      build.kind === "hnsw" ? `m=${build.m},ef_construction=${build.efConstruction}` : `lists=${build.lists}`;
    const [existing] = await sql.execute(
      "SELECT array_to_string(reloptions, ',') AS options FROM pg_class WHERE relname = 'gallery_face_hnsw'",
    );
    const keep = reusing && existing?.options === wanted;
    if (reusing && !keep) console.log(`--reuse: no index ${wanted} to reuse: building`);
    let notices: string[] = [];
    const indexStart = performance.now();
    if (!keep) {
      await dropVectorIndexes(sql);
      await sql.execute(`SET maintenance_work_mem = '${maintenanceWorkMem}'`);
      if (engine === "native") await sql.execute(`SET max_parallel_maintenance_workers = ${parallelWorkers}`);
      // pgvector says so when the graph outgrows maintenance_work_mem and the build goes on on disk, slower.
      notices = await sql.executeNoting(`CREATE INDEX gallery_face_hnsw ON gallery_face USING ${method}`);
    }
    const indexSeconds = (performance.now() - indexStart) / 1000;
    // Sizes on disk, which set the memory Aurora needs to keep the table and the graph cached.
    const [bytes] = await sql.execute(
      "SELECT pg_relation_size('gallery_face') AS table_bytes, pg_relation_size('gallery_face_hnsw') AS index_bytes",
    );
    const onDiskMB = {
      table: round(Number(bytes?.table_bytes) / 1e6, 1),
      index: round(Number(bytes?.index_bytes) / 1e6, 1),
    };
    console.log(
      `${resultKey(size, build)}: load ${loadSeconds.toFixed(1)} s, index ${indexSeconds.toFixed(1)} s ${notices.join("; ")}`,
    );
    // The search-time knob: HNSW's candidate list, or how many IVFFlat lists a query reads.
    const searchWith = (value: number) =>
      sql.execute(
        `SELECT set_config('${build.kind === "hnsw" ? "hnsw.ef_search" : "ivfflat.probes"}', '${value}', false)`,
      );
    const shipped = build.kind === "hnsw" ? GALLERY_EF_SEARCH : (ivfflatProbes[0] as number);
    await searchWith(shipped);
    const plan = await sql.execute(
      `EXPLAIN SELECT sample_id FROM gallery_face WHERE model = :model AND (delete_after IS NULL OR delete_after > now())
       ORDER BY embedding <=> CAST(:p AS vector) LIMIT 10`,
      { model: models.face, p: `[${Array.from(genuineProbes[0] as Float32Array).join(",")}]` },
    );

    for (const probe of probes.slice(0, 20)) await gallery.match(probe, "face"); // warm the caches
    const single: number[] = [];
    const nearestOnly: number[] = [];
    const answers: Awaited<ReturnType<Gallery["match"]>>[] = [];
    for (const probe of probes) {
      let t = performance.now();
      await gallery.nearest([probe], "face", 10);
      nearestOnly.push(performance.now() - t);
      t = performance.now();
      answers.push(await gallery.match(probe, "face"));
      single.push(performance.now() - t);
    }
    const batched: number[] = [];
    const batchSize = 16;
    for (let i = 0; i + batchSize <= probes.length; i += batchSize) {
      const t = performance.now();
      await gallery.matchBatch(probes.slice(i, i + batchSize), "face");
      batched.push(performance.now() - t);
    }

    const efSweep: Record<string, unknown> = {};
    for (const ef of build.kind === "hnsw" ? efSearches : ivfflatProbes) {
      await searchWith(ef);
      const recall: Record<string, number> = {};
      const withinDistance: Record<string, Record<string, { exact: number; returned: number }>> = {};
      const ms: number[] = [];
      for (const [kind, set] of Object.entries(recallSets)) {
        let hits = 0;
        const within = Object.fromEntries(
          Object.keys(matchingDistances).map((name) => [name, { exact: 0, returned: 0 }]),
        );
        for (const probe of set) {
          const t = performance.now();
          const got = new Set(await nearest10(probe));
          ms.push(performance.now() - t);
          const truth = exact.get(probe) ?? [];
          hits += truth.filter((e) => got.has(`s${e.n}`)).length;
          for (const [name, distance] of Object.entries(matchingDistances)) {
            const close = truth.filter((e) => e.d <= distance);
            (within[name] as { exact: number }).exact += close.length;
            (within[name] as { returned: number }).returned += close.filter((e) => got.has(`s${e.n}`)).length;
          }
        }
        recall[kind] = round(hits / (set.length * 10));
        withinDistance[kind] = within;
      }
      efSweep[String(ef)] = {
        recallAt10: recall,
        withinMatchingDistance: withinDistance,
        nearest10Ms: latency(ms),
      };
    }
    await searchWith(shipped);

    const genuineHits = genuineProbes.filter((_, i) =>
      answers[i]?.some((c) => c.userId === `u${probePeople[i]}`),
    ).length;
    const bystanderCandidates = answers.slice(genuineProbes.length).reduce((sum, a) => sum + (a?.length ?? 0), 0);
    const genuineWrong = genuineProbes.reduce(
      (sum, _, i) => sum + (answers[i]?.filter((c) => c.userId !== `u${probePeople[i]}`).length ?? 0),
      0,
    );

    // Delete-to-invisible (after the last build only: it changes the gallery, so not with --reuse,
    // whose gallery is kept for the next run): erase matched people one by one; the very next query
    // must not find them.
    const deleteMs: number[] = [];
    let invisible = 0;
    let deleted = 0;
    for (const [i, probe] of last && values.reuse !== true ? genuineProbes.entries() : []) {
      if (deleted >= 50 || !answers[i]?.some((c) => c.userId === `u${probePeople[i]}`)) continue;
      const t = performance.now();
      await gallery.removeUser(`u${probePeople[i]}`);
      const after = await gallery.match(probe, "face");
      deleteMs.push(performance.now() - t);
      deleted++;
      if (!after.some((c) => c.userId === `u${probePeople[i]}`)) invisible++;
    }
    const synthImp = meanSd(synthImpostor);
    yield [
      build,
      {
        embeddings: size,
        people,
        samplesPerPerson: 3,
        loadAverageAfter: os.loadavg().map((x) => round(x, 2)),
        syntheticVsReal: {
          afterMomentMatching: {
            impostorMean: round(calibrated.impostorMean),
            impostorSd: round(calibrated.impostorSd),
            genuineMedian: round(calibrated.genuineMedian),
          },
          impostorDistance: {
            synthetic: { mean: round(synthImp.mean), sd: round(synthImp.sd) },
            real: realPairs.impostorDistanceBulk,
          },
          genuineDistanceMedian: { synthetic: round(quantile(synthGenuine, 0.5)), real: round(quantile(genuine, 0.5)) },
        },
        build: {
          // With --reuse the gallery and its index were an earlier run's: their times are in that run.
          reused: keep,
          loadSeconds: round(loadSeconds, 1),
          hnswIndexSeconds: round(indexSeconds, 1),
          totalSeconds: round(loadSeconds + indexSeconds, 1),
          maintenanceWorkMem,
          storage:
            engine === "native"
              ? `${sql.engine}; parallel maintenance workers ${parallelWorkers}`
              : dataDir
                ? "PGlite data directory on disk"
                : "PGlite in memory (wasm heap)",
          notices,
          onDiskMB,
        },
        index: {
          type: `${build.kind} ${storage === "vector" ? "vector_cosine_ops" : "(embedding::halfvec(128)) halfvec_cosine_ops"}`,
          ...(build.kind === "hnsw"
            ? { m: build.m, efConstruction: build.efConstruction, efSearch: shipped }
            : { lists: build.lists, probes: shipped }),
          queryPlan: plan.map((row) =>
            String(row["QUERY PLAN"])
              .trim()
              .replace(/'\[[^\]]*\]'/g, "'[probe]'"),
          ),
        },
        queryMs: {
          nearest10ExactFullScan: exactScanMs,
          nearest10Single: latency(nearestOnly),
          matchSingle: latency(single),
          matchBatchOf16: latency(batched),
          matchBatchOf16PerProbe: latency(batched.map((ms) => ms / batchSize)),
        },
        recallAt10AtShippedEfSearch: (efSweep[String(shipped)] as { recallAt10: unknown } | undefined)?.recallAt10,
        recallProbes: recallProbes.length,
        matchingDistances: Object.fromEntries(Object.entries(matchingDistances).map(([k, v]) => [k, round(v)])),
        [build.kind === "hnsw" ? "efSearchSweep" : "ivfflatProbesSweep"]: efSweep,
        shortlistDistanceInForce: round(inForce),
        genuineProbes: genuineProbes.length,
        genuineFound: genuineHits,
        genuineWrongPeople: genuineWrong,
        bystanderProbes: bystanderProbes.length,
        bystanderFalseCandidates: bystanderCandidates,
        ...(last && deleted > 0
          ? { deleteToInvisible: { people: deleted, invisibleAtNextQuery: invisible, ms: latency(deleteMs) } }
          : {}),
      },
    ];
  }
  await sql.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
