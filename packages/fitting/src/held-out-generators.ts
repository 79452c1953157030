/**
 * The measurement measure-npr.ts and measure-frequency.ts share (issue 25): does a hand-made
 * picture signal add evidence on generators no fit has seen? A logistic head fitted from scratch on
 * ../shared/train's pictures (images/, gan-faces/) by the signal's features, measured leaving one
 * generator (system) out at a time with the genuine pictures dealt across the folds by file, alone
 * and stacked on the ai-image probe's own held-out readings (.cache/synthetic-image/out-of-fold.json,
 * from npm run fit:image). The figure that decides is recall at 1% genuine false positives: the
 * "synthetic" verdict's bar. Features are cached per signal in .cache/<signal>/ (gitignored).
 */
import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";
import { readJsonLines } from "@lg/fitting/json-lines";
import { readLabelRows } from "@lg/fitting/label-rows";
import { fitLogistic, linearScore } from "@lg/fitting/standardised-logistic";
import { assignFolds, outOfFoldScores } from "./folds.js";
import { repoRoot } from "./paths.js";
import { compact } from "./variants.js";

const trainDir = path.resolve(repoRoot, "../shared/train");
const OUT_OF_FOLD_FILE = path.join(repoRoot, ".cache/synthetic-image/out-of-fold.json");
interface Row {
  path: string;
  system: string;
  synthetic: boolean;
  x: number[];
}

/** Every picture of the train set with its features on the analysis copy, computed once and cached. */
async function rows(cacheFile: string, features: (pixels: RgbImage) => ArrayLike<number>): Promise<Row[]> {
  const cached = new Map(
    (await readJsonLines<{ path: string; x: number[] }>(cacheFile)).map((entry) => [entry.path, entry.x]),
  );
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const out: Row[] = [];
  for (const cell of (await readLabelRows(trainDir)).filter((c) => c("kind") === "image")) {
    const file = cell("path");
    let x = cached.get(file);
    if (!x) {
      const image = await decodeImage(
        new Uint8Array(await readFile(path.join(trainDir, file))),
        defaultLimits,
        defaultLimits.analysisMaxSide,
      );
      x = compact(features(image.pixels));
      await appendFile(cacheFile, `${JSON.stringify({ path: file, x })}\n`);
    }
    out.push({ path: file, system: cell("system"), synthetic: cell("synthetic") === "1", x });
  }
  return out;
}

/** One fold per generator; genuine pictures dealt across the folds by a hash of their path. */
const folds = (all: Row[]): number[] =>
  assignFolds(all, { groupOf: (r) => (r.synthetic ? r.system : null), dealtBy: (r) => r.path, dealing: "hash" });

function outOfFold(all: Row[], lambda: number): number[] {
  return outOfFoldScores(all, folds(all), (training) => {
    const dims = (training[0] as Row).x.length;
    const x = new Float32Array(training.length * dims);
    training.forEach((r, i) => {
      x.set(r.x, i * dims);
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
    return (r) => linearScore(head, Float32Array.from(r.x));
  });
}

const rounded = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The "synthetic" verdict's bar: at most 1% of genuine pictures flagged. */
const TARGET_FPR = 0.01;

/** AUC, and at the threshold that flags at most 1% of the genuine pictures: recall overall and by generator. */
function report(name: string, all: Row[], scores: number[]) {
  const genuine = scores.filter((_, i) => !all[i]?.synthetic);
  const synthetic = scores.filter((_, i) => all[i]?.synthetic);
  const threshold = thresholdForFpr(genuine, TARGET_FPR);
  const bySystem: Record<string, { recall: number; caught: number; of: number }> = {};
  for (const system of new Set(all.filter((r) => r.synthetic).map((r) => r.system))) {
    const own = scores.filter((_, i) => all[i]?.synthetic && all[i]?.system === system);
    const caught = own.filter((s) => s >= threshold).length;
    bySystem[system] = { recall: rounded(caught / own.length, 3), caught, of: own.length };
  }
  const result = {
    auc: rounded(rocAuc(genuine, synthetic), 4),
    recallAt1PercentFpr: rounded(shareAtOrAbove(synthetic, threshold), 3),
    caught: synthetic.filter((s) => s >= threshold).length,
    synthetic: synthetic.length,
    genuineFlagged: genuine.filter((s) => s >= threshold).length,
    genuine: genuine.length,
    bySystem,
  };
  console.log(name, JSON.stringify(result));
  return result;
}

const logit = (p: number) => {
  const clipped = Math.max(1e-6, Math.min(1 - 1e-6, p));
  return Math.log(clipped / (1 - clipped));
};

/**
 * Runs the measurement for one signal (`name`, e.g. "npr"): alone at three regularisation strengths,
 * then stacked (λ = 0.01) on the ai-image probe's held-out logit; results to .cache/<name>/measurement.json.
 */
export async function measureAgainstHeldOutGenerators(
  name: string,
  features: (pixels: RgbImage) => ArrayLike<number>,
): Promise<void> {
  const cacheDir = path.join(repoRoot, ".cache", name);
  const all = await rows(path.join(cacheDir, "features.jsonl"), features);
  console.log(`${all.length} pictures (${all.filter((r) => r.synthetic).length} synthetic)`);
  const results: Record<string, unknown> = {};
  for (const lambda of [0.001, 0.01, 0.1])
    results[`${name} lambda ${lambda}`] = report(`${name} alone, lambda ${lambda}:`, all, outOfFold(all, lambda));
  if (!existsSync(OUT_OF_FOLD_FILE)) return console.log("no ai-image held-out readings: run npm run fit:image");
  const heldOut = JSON.parse(await readFile(OUT_OF_FOLD_FILE, "utf8")) as Record<string, Record<string, number>>;
  const withProbe = all.filter((r) => heldOut["ai-image"]?.[r.path] !== undefined);
  const aiImage = withProbe.map((r) => logit(heldOut["ai-image"]?.[r.path] as number));
  results.aiImageAlone = report("ai-image held-out alone:", withProbe, aiImage);
  const signal = outOfFold(withProbe, 0.01);
  const paired = withProbe.map((r, i) => ({ ...r, x: [aiImage[i] as number, signal[i] as number] }));
  results[`aiImagePlus${name[0]?.toUpperCase()}${name.slice(1)}`] = report(
    `ai-image + ${name} (held-out, stacked):`,
    paired,
    outOfFold(paired, 0.01),
  );
  await writeFile(path.join(cacheDir, "measurement.json"), `${JSON.stringify(results, null, 2)}\n`);
}
