/**
 * Measures RINE-style features for the ai-image signal (`npx tsx scripts/measure-rine.ts`, issue 25):
 * CLIP ViT-B/16's class token after each of its 12 blocks and before projection (Koutlis &
 * Papadopoulos, ECCV 2024: intermediate blocks generalise to unseen generators better than the final
 * embedding), against today's projected embedding, on the same views and folds.
 *
 * - Views (rine-features.ts): every picture of ../shared/train (images/ incl. webmorph, gan-faces/),
 *   original and the two recompressed copies fit:image reads, each whole and cropped to its largest
 *   face; ../shared/data's labelled pictures (originals, whole), in no fit.
 * - Folds, "strict": one per generator and one per genuine source (camera, face-photo, ffhq-photo,
 *   studio-portrait), so every score comes from a fit that never saw its picture's generator or
 *   genuine source. "dealt": fit:image's folds (one per generator, genuine pictures dealt across them).
 * - Probes: weighted ridge on per-block L2-normalised features, standardised in each fold
 *   (@lg/fitting/ridge-cross-validation), and today's logistic probe (@lg/fitting/cross-validation, λ 300) for the shipped features.
 * - Reported on the original pictures: held-out AUC; the "synthetic" level (synthetic-levels.ts:
 *   lowest threshold flagging ≤ 1% of every genuine source's held-out pictures) with recall by
 *   generator; and the probe fitted on every training view scored on ../shared/data at that
 *   threshold. Results in .cache/rine/measurement.json.
 */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { concatenated, l2Normalised } from "@lg/detection/synthetic-image/linear-probe";
import { type Example, outOfFold, trainOn, weighted } from "@lg/fitting/cross-validation";
import { rocAuc } from "@lg/fitting/detection-rates";
import { readLabelRows } from "@lg/fitting/label-rows";
import { deriveVerdictLevels } from "@lg/fitting/levels";
import { repoRoot } from "@lg/fitting/paths";
import { type RidgeRow, ridgeOutOfFold, ridgeScore } from "@lg/fitting/ridge-cross-validation";
import { featureSlice, trainViewsCache, type View, viewsOf } from "@lg/fitting/rine-features";

/** What one measurement reads and measures (the CLI's flags). */
export interface RineMeasurementOptions {
  /** ../shared/train: the pictures the probes are fitted and scored out of fold on. */
  trainDir: string;
  /** ../shared/data: the labelled pictures in no fit. */
  dataDir: string;
  /** Extract (and cache) the views' features only. */
  featuresOnly?: boolean;
  /** Measure on the pictures already cached (while another run extracts the rest). */
  cachedOnly?: boolean;
  /** Extract one part only, in its own cache file, so two processes can share the work: a or b (the portraits and GAN faces). */
  part?: string;
  /** Also fit the logistic probe (slow) on these feature sets, by name. */
  logistic: string[];
  /** Fold schemes. */
  schemes: ("strict" | "dealt")[];
  /** Ridge feature sets to measure, by name (all when absent). */
  sets?: string[];
}

const cacheDir = path.join(repoRoot, ".cache/rine");
// The training views are fit:image's own (its cache); the held-out pictures' are kept apart.
const trainCache = trainViewsCache(path.join(repoRoot, ".cache/synthetic-image"));
const LAMBDAS = [0.3, 1, 3, 10, 30];

interface Labelled {
  path: string;
  kind: string;
  synthetic: string;
  system: string;
  sourceRepo: string;
}

async function labels(dir: string): Promise<Labelled[]> {
  return (await readLabelRows(dir)).map((cell) => ({
    path: cell("path"),
    kind: cell("kind"),
    synthetic: cell("synthetic"),
    system: cell("system"),
    sourceRepo: cell("source_repo"),
  }));
}

interface Item {
  view: View;
  synthetic: boolean;
  /** Generator, or genuine source. */
  system: string;
  /** Weighting group: the generator, or the genuine source and repository. */
  group: string;
  original: boolean;
}

type FeatureSet = (view: View) => Float64Array;

const blocks =
  (which: ("embeds" | "pre" | number)[]): FeatureSet =>
  (view) =>
    concatenated(which.map((w) => l2Normalised(featureSlice(view, w))));

/** Fold ids: "strict" holds out each generator and each genuine source; "dealt" is fit:image's. */
function foldsOf(items: Item[], scheme: "strict" | "dealt"): string[] {
  const generators = [...new Set(items.filter((i) => i.synthetic).map((i) => i.system))].sort();
  return items.map((i) => {
    if (i.synthetic || scheme === "strict") return `${i.synthetic ? "gen" : "src"}:${i.system}`;
    const hash = createHash("sha256").update(i.view.path).digest().readUInt32LE(0);
    return `gen:${generators[hash % generators.length]}`;
  });
}

const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;

/** What the product would say at the "synthetic" level, on the training originals' held-out scores. */
function strictLevel(items: Item[], scores: number[]) {
  const originals = items.map((item, i) => ({ item, score: scores[i] as number })).filter((r) => r.item.original);
  const levels = deriveVerdictLevels(
    originals.map((r) => ({ score: r.score, synthetic: r.item.synthetic, source: r.item.system })),
    "out of fold",
  );
  const genuine = originals.filter((r) => !r.item.synthetic).map((r) => r.score);
  const synthetic = originals.filter((r) => r.item.synthetic).map((r) => r.score);
  const level = levels.synthetic;
  return {
    auc: round(rocAuc(genuine, synthetic)),
    aucAllViews: round(
      rocAuc(
        scores.filter((_, i) => !items[i]?.synthetic),
        scores.filter((_, i) => items[i]?.synthetic),
      ),
    ),
    // Exact (unrounded) threshold: raw ridge scores are not probabilities.
    threshold: Math.max(...genuine.filter((g) => g < level.threshold + 1), -Infinity),
    levelThreshold: level.threshold,
    recall: round(level.truePositiveRate, 3),
    caught: `${Object.values(level.recallBySystem).reduce((n, s) => n + s.flagged, 0)}/${synthetic.length}`,
    genuineFlagged: `${Math.round(level.falsePositiveRate * genuine.length)}/${genuine.length}`,
    bySystem: Object.fromEntries(
      Object.entries(level.recallBySystem).map(([s, r]) => [s, `${r.flagged}/${r.synthetic}`]),
    ),
    possibly: {
      recall: round(levels.possible.truePositiveRate, 3),
      genuineFlagged: `${Math.round(levels.possible.falsePositiveRate * genuine.length)}/${genuine.length}`,
      byGenuineSource: Object.fromEntries(
        Object.entries(levels.possible.byGenuineSource).map(([s, r]) => [s, `${r.flagged}/${r.genuine}`]),
      ),
    },
  };
}

/** Held-out material: the probe fitted on every training view, at the threshold set out of fold. */
function onData(data: Item[], score: (view: View) => number, threshold: number) {
  const scored = data.map((item) => ({ item, score: score(item.view) }));
  const genuine = scored.filter((r) => !r.item.synthetic);
  const synthetic = scored.filter((r) => r.item.synthetic);
  const flagged = (rows: typeof scored) => rows.filter((r) => r.score >= threshold);
  return {
    auc: round(
      rocAuc(
        genuine.map((r) => r.score),
        synthetic.map((r) => r.score),
      ),
    ),
    genuineFlagged: `${flagged(genuine).length}/${genuine.length}`,
    syntheticCaught: `${flagged(synthetic).length}/${synthetic.length}`,
    flaggedGenuine: flagged(genuine).map((r) => r.item.view.path),
    caught: flagged(synthetic).map((r) => r.item.view.path),
  };
}

function ridgeRows(items: Item[], features: FeatureSet, folds: string[]): RidgeRow[] {
  const groupSize = new Map<string, number>();
  for (const i of items)
    groupSize.set(`${i.synthetic}|${i.group}`, (groupSize.get(`${i.synthetic}|${i.group}`) ?? 0) + 1);
  return items.map((item, i) => ({
    x: features(item.view),
    y: item.synthetic ? 1 : 0,
    weight: 1 / Math.sqrt(groupSize.get(`${item.synthetic}|${item.group}`) as number),
    fold: folds[i] as string,
  }));
}

interface Evaluated {
  lambda: number;
  scores: number[];
  data: number[];
  train: ReturnType<typeof strictLevel>;
  heldOut: ReturnType<typeof onData>;
}

/** Every penalty's out-of-fold and held-out figures; the chosen one is the best held-out AUC out of fold. */
function evaluateRidge(train: Item[], data: Item[], features: FeatureSet, folds: string[]) {
  const { scores, full } = ridgeOutOfFold(ridgeRows(train, features, folds), LAMBDAS);
  const results: Evaluated[] = LAMBDAS.map((lambda) => {
    const s = scores.get(lambda) as number[];
    const model = full.get(lambda);
    if (!model) throw new Error("no full model");
    const strict = strictLevel(train, s);
    const dataScores = data.map((d) => ridgeScore(model, features(d.view)));
    return {
      lambda,
      scores: s,
      data: dataScores,
      train: strict,
      heldOut: onData(data, (v) => ridgeScore(model, features(v)), strict.levelThreshold),
    };
  });
  return results;
}

/** Writes .cache/rine/measurement.json (and logs each figure as it is measured). */
export async function measureRine(options: RineMeasurementOptions): Promise<void> {
  const { trainDir, dataDir, part, schemes } = options;
  const trainLabels = (await labels(trainDir)).filter((r) => r.kind === "image");
  const dataLabels = (await labels(dataDir)).filter(
    (r) => (r.kind === "image" && (r.synthetic === "0" || r.synthetic === "1")) || r.kind === "face",
  );
  const dataViews = await viewsOf(
    dataLabels.map((r) => [r.path, path.join(dataDir, r.path)]),
    path.join(cacheDir, "data.jsonl"),
    false,
  );
  const partB = (r: Labelled) => r.path.startsWith("images/webmorph/") || r.path.startsWith("gan-faces/");
  const trainViews = await viewsOf(
    trainLabels.filter((r) => !part || (part === "b") === partB(r)).map((r) => [r.path, path.join(trainDir, r.path)]),
    part === "b" ? `${trainCache}.part-b` : trainCache,
    true,
    !options.cachedOnly,
    [part === "b" ? trainCache : `${trainCache}.part-b`],
  );
  console.log(`${trainViews.length} training views, ${dataViews.length} held-out views`);
  if (options.featuresOnly) return;

  const byPath = new Map(trainLabels.map((l) => [l.path, l]));
  const train: Item[] = trainViews.map((view) => {
    const l = byPath.get(view.path) as Labelled;
    const synthetic = l.synthetic === "1";
    return {
      view,
      synthetic,
      system: l.system,
      group: synthetic ? l.system : `${l.system}:${l.sourceRepo}`,
      original: view.variant === "original" && !view.faceCrop,
    };
  });
  const dataByPath = new Map(dataLabels.map((l) => [l.path, l]));
  const data: Item[] = dataViews
    .filter((v) => !v.faceCrop)
    .map((view) => {
      const l = dataByPath.get(view.path) as Labelled;
      return { view, synthetic: l.synthetic === "1", system: path.dirname(view.path), group: "", original: true };
    });

  const featureSets: [string, FeatureSet][] = [
    ["embeds", blocks(["embeds"])],
    ["pre-projection", blocks(["pre"])],
    ...Array.from({ length: 12 }, (_, b): [string, FeatureSet] => [`block ${b}`, blocks([b])]),
    ["blocks 6+8", blocks([6, 8])],
    ["blocks 6-8", blocks([6, 7, 8])],
  ];
  const ridgeSets = options.sets ?? featureSets.map(([n]) => n);
  const results: Record<string, unknown> = {};
  const perBlockScores = new Map<string, Evaluated[]>();
  for (const scheme of schemes) {
    const folds = foldsOf(train, scheme);
    for (const [name, features] of featureSets.filter(([n]) => ridgeSets.includes(n))) {
      const started = Date.now();
      const evaluated = evaluateRidge(train, data, features, folds);
      perBlockScores.set(`${scheme}|${name}`, evaluated);
      results[`${scheme}|ridge|${name}`] = evaluated.map((e) => ({
        lambda: e.lambda,
        train: e.train,
        data: e.heldOut,
      }));
      for (const e of evaluated)
        console.log(
          `${scheme} ridge ${name} λ ${e.lambda}: AUC ${e.train.auc} (all views ${e.train.aucAllViews}), synthetic level ${e.train.caught} caught, ${e.train.genuineFlagged} genuine; by generator ${JSON.stringify(e.train.bySystem)}; data AUC ${e.heldOut.auc}, genuine ${e.heldOut.genuineFlagged}, synthetic ${e.heldOut.syntheticCaught}`,
        );
      console.error(`  (${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  // Equal-weight ensembles of per-block probes: each block's held-out score at its own chosen penalty.
  const chosen = (key: string) => {
    const evaluated = perBlockScores.get(key) as Evaluated[];
    return evaluated.reduce((a, b) => (b.train.aucAllViews > a.train.aucAllViews ? b : a));
  };
  const ensembles: [string, number[]][] = [
    ["all 12 blocks", Array.from({ length: 12 }, (_, b) => b)],
    ["blocks 0-5", [0, 1, 2, 3, 4, 5]],
    ["blocks 6-11", [6, 7, 8, 9, 10, 11]],
    ["blocks 3-8", [3, 4, 5, 6, 7, 8]],
  ];
  for (const scheme of schemes)
    for (const [name, members] of ensembles.filter(([, m]) => m.every((b) => ridgeSets.includes(`block ${b}`)))) {
      const parts = members.map((b) => chosen(`${scheme}|block ${b}`));
      const mean = (pick: (e: Evaluated) => number[], n: number) =>
        Array.from({ length: n }, (_, i) => parts.reduce((sum, e) => sum + (pick(e)[i] as number), 0) / parts.length);
      const scores = mean((e) => e.scores, train.length);
      const dataScores = mean((e) => e.data, data.length);
      const strict = strictLevel(train, scores);
      const dataScore = new Map(data.map((d, i) => [d.view, dataScores[i] as number]));
      const held = onData(data, (v) => dataScore.get(v) as number, strict.levelThreshold);
      results[`${scheme}|ensemble|${name}`] = { train: strict, data: held };
      console.log(
        `${scheme} ensemble ${name}: AUC ${strict.auc} (all views ${strict.aucAllViews}), synthetic level ${strict.caught} caught, ${strict.genuineFlagged} genuine; by generator ${JSON.stringify(strict.bySystem)}; data AUC ${held.auc}, genuine ${held.genuineFlagged}, synthetic ${held.syntheticCaught}`,
      );
    }
  // Today's probe itself (logistic, λ 300, fit:image's fitter) on the same views and folds.
  for (const name of options.logistic) {
    const features = featureSets.find(([n]) => n === name)?.[1];
    if (!features) throw new Error(`No feature set ${name}`);
    for (const scheme of schemes) {
      const folds = foldsOf(train, scheme);
      const foldIds = [...new Set(folds)];
      const base = train.map((item, i) => ({
        x: features(item.view),
        y: (item.synthetic ? 1 : 0) as 0 | 1,
        group: item.group,
        fold: foldIds.indexOf(folds[i] as string),
      }));
      const weights = weighted(base);
      const examples: Example[] = base.map((e, i) => ({ ...e, weight: weights[i] as number }));
      const scores = outOfFold(examples, 300);
      const strict = strictLevel(train, scores);
      const full = trainOn(examples, 300);
      const held = onData(data, (v) => full(features(v)), strict.levelThreshold);
      results[`${scheme}|logistic|${name}`] = { lambda: 300, train: strict, data: held };
      console.log(
        `${scheme} logistic ${name} λ 300: AUC ${strict.auc} (all views ${strict.aucAllViews}), synthetic level ${strict.caught} caught, ${strict.genuineFlagged} genuine; by generator ${JSON.stringify(strict.bySystem)}; data AUC ${held.auc}, genuine ${held.genuineFlagged}, synthetic ${held.syntheticCaught}`,
      );
    }
  }
  await writeFile(path.join(cacheDir, "measurement.json"), `${JSON.stringify(results, null, 1)}\n`);
}
