/**
 * Second checks at scale (issue 41): `npx tsx bench/gallery-second-check.ts [--size 1000000]
 *   [--engine native] [--probes 200] [--bystanders 1000] [--frames 3] [--ef-search 100]
 *   [--requery-ef 400] [--requery-k 100] [--out FILE.json]`
 *
 * The same synthetic gallery as bench/gallery.ts (seed 24, 3 samples per person, the same genuine
 * probes first), built once with the shipped HNSW graph, then each check the product could run on a
 * crawled face, every one through the product's Gallery (match, matchBatch, nearest):
 * - why a genuine person goes unconfirmed: none of their samples within the shortlist distance (the
 *   threshold), or some within it but not returned by the graph (a recall miss);
 * - several enrolment samples: the person is found when any of their rows is returned within the
 *   shortlist distance; one row per person is estimated from the same graph as each row on its own;
 * - a face track: several frames of one face (independent samples of the person, which makes
 *   consecutive video frames look more different than they are), matchBatch, the person confirmed
 *   when at least 1 or 2 frames confirm them;
 * - a re-query at a higher ef_search for probes nothing confirmed whose nearest sample lies within a
 *   doubtful band, and what share of bystanders pay for it.
 * Results are written after each step, so a run stopped part-way keeps what it measured.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { faceCalibration } from "@lg/detection/face/calibration";
import { GALLERY_EF_SEARCH, GALLERY_HNSW, Gallery, type GalleryCandidate } from "@lg/domain/gallery/gallery";
import { calibrationTarget, latency, quantile, realFaceEmbeddings, realPairDistances, round } from "./gallery-faces.js";
import { FaceEmbeddingModel, loadSyntheticGallery, syntheticGallery } from "./gallery-model.js";
import { benchMachine } from "./machine.js";
import { type EngineName, openBenchSql } from "./native-postgres.js";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "1000000" },
    engine: { type: "string", default: "native" },
    probes: { type: "string", default: "200" },
    bystanders: { type: "string", default: "1000" },
    frames: { type: "string", default: "3" },
    "ef-search": { type: "string", default: String(GALLERY_EF_SEARCH) },
    "requery-ef": { type: "string", default: "400" },
    "requery-k": { type: "string", default: "100" },
    // The graph's build parameters (the shipped GALLERY_HNSW by default) and the memory that holds it.
    m: { type: "string", default: String(GALLERY_HNSW.m) },
    "ef-construction": { type: "string", default: String(GALLERY_HNSW.efConstruction) },
    "maintenance-work-mem": { type: "string", default: "2GB" },
    out: { type: "string", default: "docs/benchmarks/gallery-second-check.json" },
  },
});
const size = Number(values.size);
const engine = values.engine as EngineName;
const probeCount = Number(values.probes);
const bystanderCount = Number(values.bystanders);
const frames = Number(values.frames);
const efSearch = Number(values["ef-search"]);
const requeryEf = Number(values["requery-ef"]);
const repo = path.resolve(import.meta.dirname, "..");
const out = path.resolve(repo, values.out as string);
const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };
const results: Record<string, unknown> = {};
const save = async () =>
  writeFile(
    out,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        command: `npx tsx bench/gallery-second-check.ts ${process.argv.slice(2).join(" ")}`,
        machine: { ...benchMachine(), loadAverage: os.loadavg().map((x) => round(x, 2)) },
        size,
        efSearch,
        requeryEf,
        ...results,
      },
      null,
      2,
    )}\n`,
  );

// --- The gallery of bench/gallery.ts: same model, seed, people and first probes -------------------------
const real = await realFaceEmbeddings([path.join(repo, "../shared/data"), path.join(repo, "../shared/train")]);
const pairs = realPairDistances(real);
const model = new FaceEmbeddingModel(real, 24);
model.calibrate(calibrationTarget(pairs));
const synthetic = syntheticGallery(model, size, probeCount);
const { probeCentres, probePeople, vectorAt } = synthetic;
const genuineFirst = probeCentres.map((c) => model.sample(c));
const bystanderCentres: Float64Array[] = [];
const bystanderFirst = Array.from({ length: bystanderCount }, () => {
  const centre = model.person();
  bystanderCentres.push(centre);
  return model.sample(centre);
});
// Further frames of each face track, drawn after the first probes so those equal bench/gallery.ts's.
const genuineTracks = genuineFirst.map((first, i) => [
  first,
  ...Array.from({ length: frames - 1 }, () => model.sample(probeCentres[i] as Float64Array)),
]);
const bystanderTracks = bystanderFirst.map((first, i) => [
  first,
  ...Array.from({ length: frames - 1 }, () => model.sample(bystanderCentres[i] as Float64Array)),
]);

const sql = await openBenchSql(engine, { sharedBuffers: "4GB", parallelWorkers: 2 });
const gallery = new Gallery(sql, { now: () => new Date(), models, efSearch });
await gallery.ensureSchema();
for (const row of await sql.execute(
  "SELECT indexname FROM pg_indexes WHERE tablename = 'gallery_face' AND indexdef LIKE '%USING hnsw%'",
))
  await sql.execute(`DROP INDEX ${String(row.indexname)}`);
const loadStart = performance.now();
await loadSyntheticGallery(sql, synthetic, models.face);
await sql.execute("ANALYZE gallery_face");
const loadSeconds = (performance.now() - loadStart) / 1000;
const m = Number(values.m);
const efConstruction = Number(values["ef-construction"]);
const maintenanceWorkMem = String(values["maintenance-work-mem"]);
if (!/^\d+(MB|GB)$/.test(maintenanceWorkMem)) throw new Error("--maintenance-work-mem is like 2GB or 512MB");
await sql.execute(`SET maintenance_work_mem = '${maintenanceWorkMem}'`);
await sql.execute("SET max_parallel_maintenance_workers = 2");
const indexStart = performance.now();
await sql.executeNoting(
  `CREATE INDEX gallery_face_hnsw ON gallery_face USING hnsw (embedding vector_cosine_ops) WITH (m = ${m}, ef_construction = ${efConstruction})`,
);
const indexSeconds = (performance.now() - indexStart) / 1000;
results.build = {
  m,
  efConstruction,
  maintenanceWorkMem,
  loadSeconds: round(loadSeconds, 1),
  indexSeconds: round(indexSeconds, 1),
  load: os.loadavg(),
};
console.log(`built: load ${loadSeconds.toFixed(0)} s, index ${indexSeconds.toFixed(0)} s`);
await save();

const setEf = (ef: number) => sql.execute(`SELECT set_config('hnsw.ef_search', '${ef}', false)`);
const shortlist = await gallery.threshold("face");
const pairThreshold = faceCalibration.threshold;
const own = (i: number) => `u${probePeople[i]}`;
const found = (answer: GalleryCandidate[] | undefined, i: number) => answer?.some((c) => c.userId === own(i)) ?? false;
for (const probe of bystanderFirst.slice(0, 20)) await gallery.match(probe, "face"); // warm the caches

// --- One frame, shipped settings: who is missed, and why -------------------------------------------------
async function singleFrame(ef: number, searcher: Gallery = gallery) {
  await setEf(ef);
  const genuine: { answer: GalleryCandidate[]; nearest: number; returnedOwn: string[]; ms: number }[] = [];
  for (const probe of genuineFirst) {
    const t = performance.now();
    const [answer = []] = await searcher.matchBatch([probe], "face");
    const ms = performance.now() - t;
    const [rows = []] = await gallery.nearest([probe], "face", 10);
    genuine.push({
      answer,
      ms,
      nearest: Number(rows[0]?.distance ?? 2),
      returnedOwn: rows.filter((r) => r.user_id === own(genuine.length)).map((r) => String(r.sample_id)),
    });
  }
  const bystander: { candidates: number; nearest: number; ms: number }[] = [];
  for (const probe of bystanderFirst) {
    const t = performance.now();
    const [answer = []] = await searcher.matchBatch([probe], "face");
    const ms = performance.now() - t;
    const [rows = []] = await gallery.nearest([probe], "face", 1);
    bystander.push({ candidates: answer.length, nearest: Number(rows[0]?.distance ?? 2), ms });
  }
  return { genuine, bystander };
}

const shipped = await singleFrame(efSearch);
// The exact distances of each genuine probe to its own three samples (rows 3p..3p+2).
const ownDistances = genuineFirst.map((probe, i) => {
  const first = (probePeople[i] as number) * 3;
  return [0, 1, 2].map((s) => {
    const v = vectorAt(first + s);
    let dot = 0;
    for (let k = 0; k < model.dims; k++) dot += (v[k] as number) * (probe[k] as number);
    return { sampleId: `s${first + s}`, distance: 1 - dot };
  });
});
const misses = shipped.genuine.flatMap((g, i) => {
  if (found(g.answer, i)) return [];
  const mine = ownDistances[i] ?? [];
  const within = mine.filter((s) => s.distance <= shortlist);
  const returnedWithin = within.filter((s) => g.returnedOwn.includes(s.sampleId));
  const cause =
    within.length === 0
      ? "threshold: no own sample within the shortlist distance"
      : returnedWithin.length === 0
        ? "graph: own samples within the shortlist distance, none returned"
        : "confirmation: returned, but fewer than 2 samples within the pair threshold";
  return [
    {
      probe: i,
      cause,
      ownSampleDistances: mine.map((s) => round(s.distance)),
      withinShortlist: within.length,
      returned: g.returnedOwn.length,
      nearestReturned: round(g.nearest),
    },
  ];
});
// Each enrolment row on its own (as if a person had one sample): returned within the shortlist distance.
const perRow = shipped.genuine.flatMap((g, i) =>
  (ownDistances[i] ?? []).map((s) => s.distance <= shortlist && g.returnedOwn.includes(s.sampleId)),
);
const perRowWithin = ownDistances.flat().filter((s) => s.distance <= shortlist).length;
results.shipped = {
  shortlistDistance: round(shortlist),
  pairThreshold,
  genuineConfirmed: shipped.genuine.filter((g, i) => found(g.answer, i)).length,
  genuineProbes: genuineFirst.length,
  bystanderFalseCandidates: shipped.bystander.reduce((s, b) => s + b.candidates, 0),
  bystanderProbes: bystanderFirst.length,
  matchMs: latency([...shipped.genuine, ...shipped.bystander].map((x) => x.ms)),
  misses,
  missCauses: Object.fromEntries(
    [...new Set(misses.map((m) => m.cause))].map((c) => [c, misses.filter((m) => m.cause === c).length]),
  ),
  enrolmentRows: {
    ownRowsWithinShortlistDistance: perRowWithin,
    ownRows: perRow.length,
    rowsReturnedWithinShortlist: perRow.filter(Boolean).length,
    oneRowPerPersonEstimate: `${perRow.filter(Boolean).length} of ${perRow.length} rows found alone: ${round((probeCount * perRow.filter(Boolean).length) / perRow.length, 1)} of ${probeCount} people`,
  },
  nearestDistance: {
    genuineMissed: misses.map((m) => m.nearestReturned),
    bystanderQuantiles: Object.fromEntries(
      [0, 0.001, 0.01, 0.05, 0.5].map((q) => [
        String(q),
        round(
          quantile(
            shipped.bystander.map((b) => b.nearest),
            q,
          ),
        ),
      ]),
    ),
  },
};
console.log(JSON.stringify(results.shipped, null, 1));
await save();

// --- A re-query at a higher ef_search for unconfirmed probes in a doubtful band --------------------------
// Two ways: the session's hnsw.ef_search raised (the Data API pools sessions, so the product would need
// a transaction to scope it), or the same ef_search with a longer shortlist (LIMIT k): pgvector's
// iterative scan keeps walking the graph until it has k rows, a statement-local way to search further.
const wide = Number(values["requery-k"]);
const requeryWide = await singleFrame(
  efSearch,
  new Gallery(sql, { now: () => new Date(), models, efSearch, shortlistSize: wide }),
);
results.requeryWideAlone = {
  shortlistSize: wide,
  genuineConfirmed: requeryWide.genuine.filter((g, i) => found(g.answer, i)).length,
  bystanderFalseCandidates: requeryWide.bystander.reduce((s, b) => s + b.candidates, 0),
  matchMs: latency([...requeryWide.genuine, ...requeryWide.bystander].map((x) => x.ms)),
};
console.log(JSON.stringify(results.requeryWideAlone));
await save();
const requery = await singleFrame(requeryEf);
const bands = [shortlist, shortlist + 0.05, 0.45, pairThreshold, 2];
results.requery = bands.map((band) => {
  const again = (nearest: number, confirmed: number) => confirmed === 0 && nearest <= band;
  const genuineAsked = shipped.genuine.filter((g) => again(g.nearest, g.answer.length)).length;
  const bystandersAsked = shipped.bystander.filter((b) => again(b.nearest, b.candidates)).length;
  return {
    band: round(band),
    genuineConfirmed: shipped.genuine.filter(
      (g, i) => found(g.answer, i) || (again(g.nearest, g.answer.length) && found(requery.genuine[i]?.answer, i)),
    ).length,
    bystanderFalseCandidates: shipped.bystander.reduce(
      (s, b, i) => s + (again(b.nearest, b.candidates) ? (requery.bystander[i]?.candidates ?? 0) : b.candidates),
      0,
    ),
    genuineRequeried: genuineAsked,
    bystandersRequeried: `${bystandersAsked} of ${bystanderFirst.length}`,
    [`genuineConfirmedWithShortlist${wide}Instead`]: shipped.genuine.filter(
      (g, i) => found(g.answer, i) || (again(g.nearest, g.answer.length) && found(requeryWide.genuine[i]?.answer, i)),
    ).length,
    [`bystanderFalseCandidatesWithShortlist${wide}Instead`]: shipped.bystander.reduce(
      (s, b, i) => s + (again(b.nearest, b.candidates) ? (requeryWide.bystander[i]?.candidates ?? 0) : b.candidates),
      0,
    ),
  };
});
results.requeryMatchMs = latency([...requery.genuine, ...requery.bystander].map((x) => x.ms));
results.requeryAlone = {
  genuineConfirmed: requery.genuine.filter((g, i) => found(g.answer, i)).length,
  bystanderFalseCandidates: requery.bystander.reduce((s, b) => s + b.candidates, 0),
};
console.log(JSON.stringify({ requery: results.requery, ms: results.requeryMatchMs }, null, 1));
await save();

// --- A face track: several frames of one face, one matchBatch, confirmed by enough frames ----------------
async function tracks(ef: number) {
  await setEf(ef);
  const genuineFrames: number[] = [];
  const ms: number[] = [];
  for (const [i, track] of genuineTracks.entries()) {
    const t = performance.now();
    const answers = await gallery.matchBatch(track, "face");
    ms.push(performance.now() - t);
    genuineFrames.push(answers.filter((a) => found(a, i)).length);
  }
  // Per bystander track: how many frames named each wrongly matched person.
  const bystanderPeople: number[][] = [];
  for (const track of bystanderTracks) {
    const t = performance.now();
    const answers = await gallery.matchBatch(track, "face");
    ms.push(performance.now() - t);
    const named = new Map<string, number>();
    for (const answer of answers) for (const c of answer) named.set(c.userId, (named.get(c.userId) ?? 0) + 1);
    bystanderPeople.push([...named.values()]);
  }
  const byLeast = Object.fromEntries(
    [1, 2].map((least) => [
      `confirmedByAtLeast${least}Frames`,
      {
        genuineConfirmed: genuineFrames.filter((n) => n >= least).length,
        bystanderFalseCandidates: bystanderPeople.reduce((s, p) => s + p.filter((n) => n >= least).length, 0),
        bystanderTracks: bystanderTracks.length,
      },
    ]),
  );
  return { ...byLeast, matchBatchMsPerTrack: latency(ms), matchBatchMsPerFrame: latency(ms.map((x) => x / frames)) };
}
const trackShipped = await tracks(efSearch);
results.tracks = { frames, efSearch, ...trackShipped };
await save();
console.log(JSON.stringify(results.tracks, null, 1));
await sql.close();
console.log(`wrote ${out}`);
