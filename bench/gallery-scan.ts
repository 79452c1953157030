/**
 * `npm run bench:gallery-scan -- [--sizes 1000000,3000000] [--probes 200] [--keep 40] [--out FILE.json]`
 *
 * What an exact int8 scan outside Postgres (bench/int8-scan.ts) gives on the gallery bench:gallery
 * measures in pgvector: the same seeded Gaussian model of SFace embeddings, the same gallery rows
 * and the same genuine and bystander probes, so its recall and latency sit beside the HNSW walk's
 * (issue 41). Recall is against an exact float search in plain JavaScript; latency is one probe at a
 * time and batches of 16 on one thread.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { faceCalibration } from "@lg/detection/face/calibration";
import { type MatchRule, normalQuantile, shortlistDistance } from "@lg/domain/gallery/match-rule";
import { calibrationTarget, latency, quantile, realFaceEmbeddings, realPairDistances, round } from "./gallery-faces.js";
import { exactTop10, FaceEmbeddingModel, syntheticGallery } from "./gallery-model.js";
import { Int8ScanGallery } from "./int8-scan.js";
import { benchMachine } from "./machine.js";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000000" },
    probes: { type: "string", default: "200" },
    keep: { type: "string", default: "40" },
    out: { type: "string", default: "docs/benchmarks/gallery-scan.json" },
  },
});
const repo = path.resolve(import.meta.dirname, "..");
const sizes = (values.sizes as string).split(",").map(Number);
const probeCount = Number(values.probes);
const keep = Number(values.keep);

const real = await realFaceEmbeddings([path.join(repo, "../shared/data"), path.join(repo, "../shared/train")]);
const pairs = realPairDistances(real);
// The impostor normal bench:gallery fits (through the measured 1-in-100 and 1-in-1,000 quantiles), so the
// shortlist distances are the ones its figures use.
const fitted: MatchRule = (() => {
  const [q2, q3] = [quantile(pairs.impostor, 1e-2), quantile(pairs.impostor, 1e-3)];
  const [z2, z3] = [normalQuantile(1e-2), normalQuantile(1e-3)];
  const sd = (q2 - q3) / (z2 - z3);
  const impostor = { mean: round(q2 - z2 * sd), sd: round(sd), pairs: pairs.impostor.length, source: "bench:gallery" };
  return { pairThreshold: faceCalibration.threshold, impostor };
})();

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

  let t = performance.now();
  const scan = await Int8ScanGallery.build(vectors, model.dims);
  const buildSeconds = (performance.now() - t) / 1000;

  const cpu0 = process.cpuUsage();
  const single: number[] = [];
  const answers = new Map<Float32Array, { n: number; d: number }[]>();
  for (const probe of [...genuineProbes, ...bystanderProbes]) {
    t = performance.now();
    const [found] = scan.nearest([probe], 10, keep);
    single.push(performance.now() - t);
    answers.set(probe, found ?? []);
  }
  const cpu1 = process.cpuUsage(cpu0);
  const batched: number[] = [];
  const all = [...genuineProbes, ...bystanderProbes];
  for (let i = 0; i + 16 <= all.length; i += 16) {
    t = performance.now();
    const found = scan.nearest(all.slice(i, i + 16), 10, keep);
    batched.push((performance.now() - t) / 16);
    found.forEach((f, j) => {
      const before = answers.get(all[i + j] as Float32Array);
      if (JSON.stringify(before) !== JSON.stringify(f)) throw new Error("a batch answered a probe differently");
    });
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
    quantiseSeconds: round(buildSeconds, 1),
    int8MB: round((size * model.dims) / 1e6, 1),
    matchingDistances: Object.fromEntries(Object.entries(matchingDistances).map(([k, v]) => [k, round(v)])),
    recall,
    singleProbeMs: latency(single),
    cpuMsPerSingleProbe: round((cpu1.user + cpu1.system) / 1000 / single.length, 2),
    batchOf16PerProbeMs: latency(batched),
    machine: { ...benchMachine(), loadAverage: os.loadavg().map((x) => round(x, 2)) },
  };
  console.log(JSON.stringify({ [size]: results[String(size)] }, null, 2));
  await writeFile(
    path.resolve(repo, values.out as string),
    `${JSON.stringify({ benchmark: "gallery-scan", engine: "int8 WebAssembly SIMD scan, re-ranked in float", sizes: results }, null, 2)}\n`,
  );
}
