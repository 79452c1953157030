/**
 * `npm run bench:gallery-scan -- [--sizes 1000000,3000000] [--probes 200] [--keep 40] [--threads 1,2]
 *   [--out FILE.json]`
 *
 * What an exact int8 scan outside Postgres (bench/int8-scan.ts) gives on the gallery bench:gallery
 * measures in pgvector: the same seeded Gaussian model of SFace embeddings, the same gallery rows
 * and the same genuine and bystander probes, so its recall and latency sit beside the HNSW walk's
 * (issue 41). Recall is against an exact float search in plain JavaScript; latency is one probe at a
 * time and batches of 16, on one thread and split over worker threads (each its share of the rows).
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { faceCalibration } from "@lg/detection/face/calibration";
import { shortlistDistance } from "@lg/domain/gallery/match-rule";
import {
  calibrationTarget,
  latency,
  realFaceEmbeddings,
  realPairDistances,
  round,
  tailFittedFaceRule,
} from "./gallery-faces.js";
import { exactTop10, FaceEmbeddingModel, syntheticGallery } from "./gallery-model.js";
import { Int8ScanGallery } from "./int8-scan.js";
import { benchMachine } from "./machine.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000000" },
    probes: { type: "string", default: "200" },
    keep: { type: "string", default: "40" },
    threads: { type: "string", default: "1,2" },
    out: { type: "string", default: "docs/benchmarks/gallery-scan.json" },
  },
});
const repo = path.resolve(import.meta.dirname, "..");
const sizes = (values.sizes as string).split(",").map(Number);
const probeCount = Number(values.probes);
const keep = Number(values.keep);
const threadCounts = (values.threads as string).split(",").map(Number);

const real = await realFaceEmbeddings([path.join(repo, "../shared/data"), path.join(repo, "../shared/train")]);
const pairs = realPairDistances(real);
// The rule bench:gallery fits, so the shortlist distances are the ones its figures use.
const { rule: fitted } = tailFittedFaceRule(pairs.impostor);

const results: Record<string, unknown> = {};
for (const size of sizes) {
  const model = new FaceEmbeddingModel(real, 24);
  model.calibrate(calibrationTarget(pairs));
  const { vectors, probeCentres } = syntheticGallery(model, size, probeCount);
  const genuineProbes = probeCentres.map((c) => model.sample(c));
  const bystanderProbes = probeCentres.map(() => model.sample(model.person()));
  const recallSets = {
    genuine: genuineProbes.filter((_, i) => i % 2 === 0),
    bystander: bystanderProbes.filter((_, i) => i % 2 === 0),
  };
  const matchingDistances = {
    shortlistAtThisSize: shortlistDistance(fitted, size),
    thresholdFor1M: shortlistDistance(fitted, 1_000_000),
    pairThreshold: faceCalibration.threshold,
  };

  // Per thread count: one probe at a time and batches of 16, wall time and the process's CPU (all threads).
  const answers = new Map<Float32Array, { n: number; d: number }[]>();
  const all = [...genuineProbes, ...bystanderProbes];
  const timings: Record<string, unknown> = {};
  let differing = 0;
  for (const threads of threadCounts) {
    let t = performance.now();
    const scan = await Int8ScanGallery.build(vectors, model.dims, threads);
    const buildSeconds = (performance.now() - t) / 1000;
    const single: number[] = [];
    let cpu = process.cpuUsage();
    for (const probe of all) {
      t = performance.now();
      const [found = []] = await scan.nearest([probe], 10, keep);
      single.push(performance.now() - t);
      const before = answers.get(probe);
      if (!before) answers.set(probe, found);
      else if (JSON.stringify(before) !== JSON.stringify(found)) differing++;
    }
    const singleCpu = process.cpuUsage(cpu);
    const batched: number[] = [];
    cpu = process.cpuUsage();
    for (let i = 0; i + 16 <= all.length; i += 16) {
      t = performance.now();
      const found = await scan.nearest(all.slice(i, i + 16), 10, keep);
      batched.push((performance.now() - t) / 16);
      found.forEach((f, j) => {
        if (JSON.stringify(answers.get(all[i + j] as Float32Array)) !== JSON.stringify(f)) differing++;
      });
    }
    const batchedCpu = process.cpuUsage(cpu);
    await scan.close();
    const cpuMs = (usage: NodeJS.CpuUsage, probes: number) => round((usage.user + usage.system) / 1000 / probes, 2);
    timings[`${threads} thread${threads > 1 ? "s" : ""}`] = {
      quantiseAndLoadSeconds: round(buildSeconds, 1),
      singleProbeMs: latency(single),
      cpuMsPerSingleProbe: cpuMs(singleCpu, single.length),
      batchOf16PerProbeMs: latency(batched),
      cpuMsPerBatchedProbe: cpuMs(batchedCpu, batched.length * 16),
    };
    console.log(size, threads, JSON.stringify(timings[`${threads} thread${threads > 1 ? "s" : ""}`]));
  }

  const recall: Record<string, unknown> = {};
  for (const [kind, set] of Object.entries(recallSets)) {
    let hits = 0;
    const within: Record<string, { exact: number; returned: number }> = {};
    for (const name of Object.keys(matchingDistances)) within[name] = { exact: 0, returned: 0 };
    for (const probe of set) {
      const truth = exactTop10(vectors, model.dims, probe);
      const got = new Set((answers.get(probe) ?? []).map((a) => a.n));
      hits += truth.filter((e) => got.has(e.n)).length;
      for (const [name, distance] of Object.entries(matchingDistances)) {
        const close = truth.filter((e) => e.d <= distance);
        const counts = within[name] as { exact: number; returned: number };
        counts.exact += close.length;
        counts.returned += close.filter((e) => got.has(e.n)).length;
      }
    }
    recall[kind] = { recallAt10: round(hits / (set.length * 10)), withinMatchingDistance: within };
  }
  results[String(size)] = {
    rows: size,
    keep,
    timings,
    answersDifferingFromTheFirst: differing,
    int8MB: round((size * model.dims) / 1e6, 1),
    matchingDistances: Object.fromEntries(Object.entries(matchingDistances).map(([k, v]) => [k, round(v)])),
    recall,
    machine: { ...benchMachine(), loadAverage: os.loadavg().map((x) => round(x, 2)) },
  };
  console.log(JSON.stringify({ [size]: results[String(size)] }, null, 2));
  await writeFile(
    path.resolve(repo, values.out as string),
    `${JSON.stringify({ benchmark: "gallery-scan", engine: "int8 WebAssembly SIMD scan, re-ranked in float", sizes: results }, null, 2)}\n`,
  );
}
