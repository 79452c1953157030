/**
 * Registered-image hash benchmark: `npm run bench:hashes -- [--sizes 100000,1000000] [--probes 200]
 *   [--registered 20] [--out docs/benchmarks/hashes.json] [--data ../shared/data --train ../shared/train]
 *   [--engine pglite|native] [--parallel-workers 2] [--shared-buffers 4GB]`
 *
 * 1. CPU per picture: PDQ of every picture in ../shared/data and ../shared/train, decoded upright at
 *    most 1024 px as a scan does (pdqProbesOf), the eight orientations included; PDQ alone timed apart
 *    from the decode.
 * 2. Recall and false matches: `--registered` pictures are registered (hashed as the browser does, at
 *    full size); their edited copies (re-encoded, resized, cropped 10%, mirrored, a frame of a video)
 *    are probed, and so is every other picture of both folders, which must match nothing.
 * 3. Matching at scale: for each size, that many filler hashes (pseudo-random, md5 of a counter) join
 *    the registered ones in PGlite + pgvector's bit(256) with the multi-index substring B-trees (the
 *    local adapter; the same SQL as Aurora; `--engine native`: PostgreSQL 16 + pgvector 0.8.5 as
 *    bench/native-postgres.ts starts it); p50/p95 of one probe hash's match and of one picture's
 *    eight orientations (PdqIndex.match), and of the full comparison of every row, recall of the
 *    planted copies through the index, and delete-to-unmatchable.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pdqDihedralHashes, pdqHash } from "@lg/detection/hashing/pdq";
import { PDQ_DECODE_MAX_SIDE, pdqProbesOf } from "@lg/detection/hashing/pdq-media";
import { decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { PDQ_SUBSTRINGS, PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { PDQ_MATCH_DISTANCE } from "@lg/domain/registered-images/pdq-rules";
import { RegisteredImageMatcher } from "@lg/domain/registered-images/registered-image-matcher";
import sharp from "sharp";
import { COPY_EDITS, type CopyEdit, editedCopy } from "../local/src/platform-simulator/edited-copies.js";
import { benchMachine } from "./machine.js";
import { type EngineName, openBenchSql } from "./native-postgres.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100000,1000000" },
    probes: { type: "string", default: "200" },
    registered: { type: "string", default: "20" },
    data: { type: "string", default: "../shared/data" },
    train: { type: "string", default: "../shared/train" },
    engine: { type: "string", default: "pglite" },
    "parallel-workers": { type: "string", default: "2" },
    "shared-buffers": { type: "string", default: "4GB" },
    "maintenance-work-mem": { type: "string", default: "1GB" },
    out: { type: "string" },
  },
});

const engine = values.engine as EngineName;
if (engine !== "pglite" && engine !== "native") throw new Error("--engine is pglite or native");
const parallelWorkers = engine === "native" ? Number(values["parallel-workers"]) : 0;
const out =
  (values.out as string | undefined) ??
  (engine === "native" ? "docs/benchmarks/hashes-native.json" : "docs/benchmarks/hashes.json");

const PICTURE = /\.(jpe?g|png|webp)$/i;
function picturesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (PICTURE.test(name)) found.push(file);
    }
  };
  walk(root);
  return found;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

async function browserHash(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return pdqHash({ data, width: info.width, height: info.height, channels: 3 });
}

type Copies = { edit: CopyEdit; of: number; probes: Awaited<ReturnType<typeof pdqProbesOf>> }[];
type Others = { file: string; probes: Awaited<ReturnType<typeof pdqProbesOf>> }[];

const probeHashesOf = (copies: Copies, others: Others) =>
  [
    ...copies.map((c) => c.probes[0]?.variants.original as string),
    ...others.map((o) => o.probes[0]?.variants.original as string),
  ].slice(0, Number(values.probes));

async function timedProbes(hexes: string[], run: (hex: string) => Promise<unknown>) {
  const ms: number[] = [];
  for (const hex of hexes) {
    const start = performance.now();
    await run(hex);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: round(quantile(ms, 0.5)), p95: round(quantile(ms, 0.95)), probes: ms.length };
}

/** Recall of the planted copies through the index, by edit; matches of pictures never registered. */
async function recallAndFalseMatches(
  matcher: RegisteredImageMatcher,
  copies: Copies,
  others: Others,
  registered: { file: string }[],
) {
  const recall: Record<string, { found: number; of: number; distances: number[] }> = {};
  for (const copy of copies) {
    const hit = (await matcher.match(copy.probes)).find((m) => m.hashId === `r${copy.of}`);
    const entry = recall[copy.edit] ?? { found: 0, of: 0, distances: [] };
    entry.of++;
    if (hit) {
      entry.found++;
      entry.distances.push(hit.distance);
    }
    recall[copy.edit] = entry;
  }
  // Each match of an unregistered picture, with the registered picture it matched, so a reader can
  // tell a true false match from the same photograph saved at another size under another name.
  const unregisteredMatches: { file: string; matched: string; distance: number }[] = [];
  for (const other of others) {
    for (const match of await matcher.match(other.probes)) {
      unregisteredMatches.push({
        file: path.relative(process.cwd(), other.file),
        matched: path.relative(process.cwd(), registered[Number(match.hashId.slice(1))]?.file ?? ""),
        distance: match.distance,
      });
    }
  }
  return {
    recallByEdit: Object.fromEntries(
      Object.entries(recall).map(([edit, r]) => [
        edit,
        { recall: round(r.found / r.of, 3), found: r.found, of: r.of, maxDistance: Math.max(0, ...r.distances) },
      ]),
    ),
    unrelatedPictures: others.length,
    unregisteredPicturesMatched: new Set(unregisteredMatches.map((m) => m.file)).size,
    unregisteredMatches,
  };
}

async function main() {
  const pictures = [...picturesUnder(values.data as string), ...picturesUnder(values.train as string)];
  console.log(`${pictures.length} pictures`);

  // 1. CPU per picture.
  const decodeAndHash: number[] = [];
  const hashOnly: number[] = [];
  const readable: { file: string; bytes: Uint8Array; quality: number }[] = [];
  for (const file of pictures) {
    const bytes = new Uint8Array(readFileSync(file));
    try {
      const start = cpuMs();
      const { pixels } = await decodeImage(bytes, defaultLimits, PDQ_DECODE_MAX_SIDE);
      const decoded = cpuMs();
      const { quality } = pdqDihedralHashes({ ...pixels, channels: 3 });
      const end = cpuMs();
      decodeAndHash.push(end - start);
      hashOnly.push(end - decoded);
      readable.push({ file, bytes, quality });
    } catch {
      // A file the decoder refuses is skipped (bench:detection covers hostile media).
    }
  }
  decodeAndHash.sort((a, b) => a - b);
  hashOnly.sort((a, b) => a - b);
  const cpu = {
    pictures: readable.length,
    pdqCpuMsP50: round(quantile(hashOnly, 0.5)),
    pdqCpuMsP95: round(quantile(hashOnly, 0.95)),
    decodeAndPdqCpuMsP50: round(quantile(decodeAndHash, 0.5)),
    decodeAndPdqCpuMsP95: round(quantile(decodeAndHash, 0.95)),
    note: `PDQ with all eight orientations on the picture decoded upright at most ${PDQ_DECODE_MAX_SIDE} px; CPU time of this process`,
  };
  console.log("cpu", cpu);

  // 2. Planted copies and unrelated pictures. Registered: evenly spread pictures of quality >= 80.
  const good = readable.filter((p) => p.quality >= 80);
  const count = Number(values.registered);
  const registered = Array.from(
    { length: count },
    (_, i) => good[Math.floor((i * good.length) / count)] as (typeof good)[number],
  );
  const registeredHashes = await Promise.all(registered.map(async (p) => (await browserHash(p.bytes)).hex));
  const copies: { edit: CopyEdit; of: number; probes: Awaited<ReturnType<typeof pdqProbesOf>> }[] = [];
  for (const [of, picture] of registered.entries()) {
    for (const edit of COPY_EDITS)
      copies.push({ edit, of, probes: await pdqProbesOf(await editedCopy(picture.bytes, edit)) });
  }
  const others = readable.filter((p) => !registered.includes(p));
  const otherProbes = await Promise.all(
    others.map(async (p) => ({ file: p.file, probes: await pdqProbesOf(p.bytes) })),
  );

  // 3. At each size.
  const results: Record<string, unknown> = {};
  for (const size of (values.sizes as string).split(",").map(Number)) {
    const sql = await openBenchSql(engine, { sharedBuffers: values["shared-buffers"] as string, parallelWorkers });
    const index = new PdqIndex(sql);
    await index.ensureSchema();
    // Loaded first and indexed after, as a bulk load is: the same B-trees, built once.
    for (let i = 0; i < PDQ_SUBSTRINGS; i++) await sql.execute(`DROP INDEX IF EXISTS gallery_pdq_mih_${i}`);
    const loadStart = Date.now();
    for (let from = 0; from < size; from += 100_000) {
      await sql.execute(
        `INSERT INTO gallery_pdq (user_id, hash_id, hash)
         SELECT 'filler-' || (i % 100000), 'f' || i, CAST('x' || md5(i::text) || md5((i + 7919)::text) AS bit(256))
         FROM generate_series(CAST(:from AS integer), CAST(:to AS integer)) AS i`,
        { from, to: Math.min(size, from + 100_000) - 1 },
      );
    }
    await index.put(registeredHashes.map((hex, i) => ({ userId: `victim-${i}`, hashId: `r${i}`, hex })));
    const loadedSeconds = (Date.now() - loadStart) / 1000;
    await sql.execute(`SET maintenance_work_mem = '${values["maintenance-work-mem"]}'`);
    if (engine === "native") await sql.execute(`SET max_parallel_maintenance_workers = ${parallelWorkers}`);
    const buildStart = Date.now();
    await index.ensureSchema();
    const buildSeconds = (Date.now() - buildStart) / 1000;
    // The statistics autovacuum keeps in a running database (PGlite has no autovacuum): without
    // them the planner guesses, and scans every row for the sixteen-way lookup.
    await sql.execute("ANALYZE gallery_pdq");
    console.log(`size ${size}: loaded in ${loadedSeconds}s, substring indexes built in ${buildSeconds}s`);
    const matcher = new RegisteredImageMatcher(index);

    const exact = await timedProbes(probeHashesOf(copies, otherProbes), (hex) =>
      sql.execute("SELECT hash_id FROM gallery_pdq WHERE bit_count(hash # CAST(:p AS bit(256))) <= :d", {
        p: `x${hex}`,
        d: PDQ_MATCH_DISTANCE,
      }),
    );
    const probeHashes = probeHashesOf(copies, otherProbes);
    const pictures = [...copies.map((c) => c.probes[0]), ...otherProbes.map((o) => o.probes[0])]
      .slice(0, Number(values.probes))
      .map((probe) => Object.values(probe?.variants ?? {}) as string[]);
    let picture = 0;
    const indexed = {
      matchOneProbeMs: await timedProbes(probeHashes, (hex) => index.match([hex])),
      matchPictureEightOrientationsMs: await timedProbes(probeHashes, () =>
        index.match(pictures[picture++ % pictures.length] ?? []),
      ),
      ...(await recallAndFalseMatches(matcher, copies, otherProbes, registered)),
    };
    console.log(size, JSON.stringify(indexed));
    // Deleting a registered hash: unmatchable at the very next query.
    await index.remove("victim-0", "r0");
    const afterDelete = await index.match([registeredHashes[0] as string]);

    results[String(size)] = {
      engine: sql.engine,
      loadAverageAfter: os.loadavg().map((x) => round(x)),
      registeredHashes: size + registeredHashes.length,
      loadSeconds: round(loadedSeconds, 1),
      substringIndexBuildSeconds: round(buildSeconds, 1),
      fullComparisonOneProbeMs: exact,
      indexed,
      deletedHashStillMatched: afterDelete.some((m) => m.hashId === "r0"),
    };
    console.log(size, JSON.stringify(results[String(size)]));
    await sql.close();
    await writeFile(
      out,
      `${JSON.stringify({ machine: benchMachine(), matchDistance: PDQ_MATCH_DISTANCE, cpu, sizes: results }, null, 2)}\n`,
    );
  }
}

await main();
