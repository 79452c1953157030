/**
 * Measures an NPR-style upsampling signal (`npx tsx scripts/measure-npr.ts`, issue 25): a logistic
 * head on the neighbouring-pixel residual statistics of npr-features.ts, fitted from scratch on
 * ../shared/train's pictures (images/, gan-faces/) and measured leaving one generator out at a time
 * (the genuine pictures dealt across the folds by file), alone and stacked on the ai-image probe's
 * own held-out readings (.cache/synthetic-image/out-of-fold.json, from npm run fit:image): does it add
 * recall at 1% false positives on generators it never saw? Measured 2026-11-27: alone AUC 0.85 but
 * recall 0.05 at 1% false positives; stacked, AUC 0.941 -> 0.955 yet recall at 1% 0.25 -> 0.05. It
 * adds no evidence where the verdict is decided, so no head ships; this script keeps the measurement
 * repeatable (results in .cache/npr/measurement.json; features cached in .cache/npr/, gitignored).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "../packages/detection/src/detection-rates.js";
import { decodeImage } from "../packages/detection/src/media/image.js";
import { defaultLimits } from "../packages/detection/src/media/limits.js";
import { fitLogistic, linearScore } from "../packages/detection/src/voice-synthetic/logistic.js";
import { compact } from "./fit-variants.js";
import { nprFeatures } from "./npr-features.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const trainDir = path.resolve(repoRoot, "../shared/train");
const cacheFile = path.join(repoRoot, ".cache/npr/features.jsonl");
const OUT_OF_FOLD_FILE = path.join(repoRoot, ".cache/synthetic-image/out-of-fold.json");
const TARGET_FPR = 0.01;

interface Row {
  path: string;
  system: string;
  synthetic: boolean;
  x: number[];
}

async function rows(): Promise<Row[]> {
  const [header = "", ...lines] = (await readFile(path.join(trainDir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const columns = header.split(",");
  const cell = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? "";
  const cached = new Map<string, number[]>();
  if (existsSync(cacheFile))
    for (const line of (await readFile(cacheFile, "utf8")).split("\n").filter(Boolean)) {
      const entry = JSON.parse(line) as { path: string; x: number[] };
      cached.set(entry.path, entry.x);
    }
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const out: Row[] = [];
  for (const cells of lines.map((line) => line.split(",")).filter((c) => cell(c, "kind") === "image")) {
    const file = cell(cells, "path");
    let x = cached.get(file);
    if (!x) {
      const image = await decodeImage(
        new Uint8Array(await readFile(path.join(trainDir, file))),
        defaultLimits,
        defaultLimits.analysisMaxSide,
      );
      x = compact(nprFeatures(image.pixels));
      await appendFile(cacheFile, `${JSON.stringify({ path: file, x })}\n`);
    }
    out.push({ path: file, system: cell(cells, "system"), synthetic: cell(cells, "synthetic") === "1", x });
  }
  return out;
}

/** One fold per generator; genuine pictures dealt across the folds by a hash of their path. */
function folds(all: Row[]): number[] {
  const generators = [...new Set(all.filter((r) => r.synthetic).map((r) => r.system))].sort();
  return all.map((r) =>
    r.synthetic
      ? generators.indexOf(r.system)
      : createHash("sha256").update(r.path).digest().readUInt32LE(0) % generators.length,
  );
}

function outOfFold(all: Row[], vector: (r: Row) => number[], lambda: number): number[] {
  const fold = folds(all);
  const scores = new Array<number>(all.length).fill(Number.NaN);
  for (const f of new Set(fold)) {
    const training = all.filter((_, i) => fold[i] !== f);
    const dims = vector(training[0] as Row).length;
    const x = new Float32Array(training.length * dims);
    training.forEach((r, i) => {
      x.set(vector(r), i * dims);
    });
    const head = fitLogistic(
      {
        x,
        dims,
        y: Uint8Array.from(training, (r) => (r.synthetic ? 1 : 0)),
        weight: new Float32Array(training.length).fill(1),
      },
      lambda,
      400,
    );
    all.forEach((r, i) => {
      if (fold[i] === f) scores[i] = linearScore(head, Float32Array.from(vector(r)));
    });
  }
  return scores;
}

function report(name: string, all: Row[], scores: number[]) {
  const genuine = scores.filter((_, i) => !all[i]?.synthetic);
  const threshold = thresholdForFpr(genuine, TARGET_FPR);
  const bySystem: Record<string, number> = {};
  for (const system of new Set(all.filter((r) => r.synthetic).map((r) => r.system)))
    bySystem[system] =
      Math.round(
        shareAtOrAbove(
          scores.filter((_, i) => all[i]?.synthetic && all[i]?.system === system),
          threshold,
        ) * 1000,
      ) / 1000;
  const synthetic = scores.filter((_, i) => all[i]?.synthetic);
  const result = {
    auc: Math.round(rocAuc(genuine, synthetic) * 10000) / 10000,
    recallAt1PercentFpr: Math.round(shareAtOrAbove(synthetic, threshold) * 1000) / 1000,
    bySystem,
  };
  console.log(name, JSON.stringify(result));
  return result;
}

const logit = (p: number) =>
  Math.log(Math.max(1e-6, Math.min(1 - 1e-6, p)) / (1 - Math.max(1e-6, Math.min(1 - 1e-6, p))));

async function main() {
  const all = await rows();
  console.log(`${all.length} pictures (${all.filter((r) => r.synthetic).length} synthetic)`);
  const results: Record<string, unknown> = {};
  for (const lambda of [0.001, 0.01, 0.1])
    results[`npr lambda ${lambda}`] = report(
      `npr alone, lambda ${lambda}:`,
      all,
      outOfFold(all, (r) => r.x, lambda),
    );
  if (!existsSync(OUT_OF_FOLD_FILE)) return console.log("no ai-image held-out readings: run npm run fit:image");
  const heldOut = JSON.parse(await readFile(OUT_OF_FOLD_FILE, "utf8")) as Record<string, Record<string, number>>;
  const withProbe = all.filter((r) => heldOut["ai-image"]?.[r.path] !== undefined);
  const aiImage = withProbe.map((r) => logit(heldOut["ai-image"]?.[r.path] as number));
  results.aiImageAlone = report("ai-image held-out alone:", withProbe, aiImage);
  const npr = outOfFold(withProbe, (r) => r.x, 0.01);
  const paired = withProbe.map((r, i) => ({ ...r, x: [aiImage[i] as number, npr[i] as number] }));
  results.aiImagePlusNpr = report(
    "ai-image + npr (held-out, stacked):",
    paired,
    outOfFold(paired, (r) => r.x, 0.01),
  );
  await writeFile(path.join(repoRoot, ".cache/npr/measurement.json"), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
