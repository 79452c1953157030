/**
 * `npm run fit:fusion [-- --train DIR]` (scripts/fit-fusion.ts): fits how the learned picture detectors' readings combine
 * into one synthetic probability (packages/detection/src/fusion-model.json, `image` and `video`).
 *
 * Development set: the pictures of ../shared/train (images/ and gan-faces/) and the genuine press,
 * event and portrait stills of packages' sample media (genuine-package-pictures.ts). The CLIP probes'
 * heads were fitted on these very pictures, so their readings here would be more confident than on
 * unseen media; the fusion therefore combines their HELD-OUT readings (each picture scored by a
 * head fitted without its generator), which `npm run fit:image` writes to
 * .cache/synthetic-image/out-of-fold.json. A logistic regression on
 * the log-odds (a signal that could not run contributes nothing) is fitted with L2 shrinkage, and
 * scored out of fold (leave-one-system-out). A detector is kept only if it adds recall out of fold
 * at the threshold flagging 2% of the genuine pictures. The out-of-fold scores then set the verdict
 * levels (synthetic-levels.ts), the rates stored being those out-of-fold ones: "synthetic" where at most 1% of the genuine
 * pictures of every genuine source were flagged, "possibly synthetic" down to 5% of all of them,
 * each stored with its genuine false-positive rate and counts by genuine source and its recall by
 * generator; the "synthetic" level is the model's operating point. bench:detection re-measures them
 * on ../shared/data.
 *
 * The face-swap detector (MesoNet) is not part of that logistic model: a swap leaves the rest of the
 * picture a camera's, so the picture detectors rightly read it as genuine, and these pictures hold no
 * swaps to weigh it against them. It is a separate witness that speaks at its own operating point,
 * fitted and measured on swap pairs held out one at a time (npm run fit:mesonet), unless that point
 * is no better than chance; then it is left out. What it adds to the false positives of the
 * picture model is measured here, on these genuine pictures, and written beside the model.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { detectFacesInImage } from "@lg/detection/face/detect-faces";
import { logit } from "@lg/detection/faceswap/operating-point";
import { mesonetSignal, whyMesonetAddsNoEvidence } from "@lg/detection/faceswap/signal";
import type { FusionModels, LearnedFusion } from "@lg/detection/fusion";
import { decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import type { Signal, SignalId } from "@lg/detection/result";
import { fitLogistic } from "@lg/fitting/cross-validation";
import { assignFolds, outOfFoldScores } from "@lg/fitting/folds";
import { genuinePackagePictures } from "@lg/fitting/genuine-package-pictures";
import { OUT_OF_FOLD_FILE } from "@lg/fitting/image-detectors/fit";
import { readLabelRows } from "@lg/fitting/label-rows";
import { deriveVerdictLevels } from "@lg/fitting/levels";
import { repoRoot } from "@lg/fitting/paths";

/** What one fit:fusion run reads and writes (the CLI's flags). */
export interface FusionFitOptions {
  /** ../shared/train: labels.csv and its pictures. */
  trainDir: string;
  /** Where the fusion is written: by default packages/detection/src/fusion-model.json, which the engine reads. */
  modelFile?: string;
}

export const PICTURE_SIGNALS: SignalId[] = ["ai-image", "face-synthetic"];
const TARGET_FPR = 0.02;
const L2 = 1;

interface Row {
  file: string;
  system: string;
  synthetic: boolean;
  /** Log-odds per signal; null where the signal could not run. */
  logits: (number | null)[];
  /** Whether the face-swap detector, at its own operating point, called the picture a swap. */
  swapPresent: boolean;
}

interface Labelled {
  /** The picture's key in out-of-fold.json: its labels.csv path, or a package picture's key. */
  file: string;
  /** Where to read it: a path under --train, or absolute. */
  location: string;
  system: string;
  synthetic: boolean;
}

/** ../shared/train's pictures, then the genuine package stills fit:image fitted on too. */
async function readRows(trainDir: string): Promise<Labelled[]> {
  const packaged = (await genuinePackagePictures(repoRoot)).map((p) => ({
    file: p.key,
    location: p.file,
    system: p.system,
    synthetic: false,
  }));
  return [...(await readTrainRows(trainDir)), ...packaged];
}

async function readTrainRows(trainDir: string): Promise<Labelled[]> {
  return (await readLabelRows(trainDir))
    .filter((cell) => cell("kind") === "image")
    .map((cell) => ({
      file: cell("path"),
      location: path.join(trainDir, cell("path")),
      system: cell("system"),
      synthetic: cell("synthetic") === "1",
    }));
}

type HeldOut = Record<string, Record<string, number>>;

async function readingsOf(
  { file, location }: Labelled,
  heldOut: HeldOut,
): Promise<Pick<Row, "logits" | "swapPresent">> {
  const image = await decodeImage(
    new Uint8Array(await readFile(location)),
    defaultLimits,
    defaultLimits.analysisMaxSide,
  );
  const faces = await detectFacesInImage(image, []);
  const mesonet: Signal = await mesonetSignal(image, faces);
  return {
    logits: PICTURE_SIGNALS.map((id) => {
      const probability = heldOut[id]?.[file];
      return probability === undefined ? null : logit(probability);
    }),
    swapPresent: mesonet.status === "present" && (mesonet.score ?? 0) > 0,
  };
}

/** Ridge-penalised logistic regression (the picture probes' and calibrations' fitter); absent readings are zeros. */
function fitOnActive(rows: Row[], active: boolean[]): { weights: number[]; bias: number } {
  // An inactive detector's column is zero, so its weight stays 0.
  const model = fitLogistic(
    rows.map((r) => ({
      x: r.logits.map((v, j) => (active[j] ? (v ?? 0) : 0)),
      y: r.synthetic ? 1 : 0,
      weight: 1,
    })),
    L2,
  );
  return { weights: Array.from(model.weights), bias: model.bias };
}

/**
 * A detector's reading may only raise the probability that media is synthetic: a negative weight
 * would make a more swap-like face count as evidence of a genuine picture. Detectors the fit gives
 * a negative weight are left out (most negative first) and the rest refitted.
 */
function fitNonNegative(rows: Row[], allowed: boolean[] = PICTURE_SIGNALS.map(() => true)) {
  const active = [...allowed];
  for (;;) {
    const model = fitOnActive(rows, active);
    let worst = -1;
    model.weights.forEach((w, j) => {
      if (active[j] && w < 0 && (worst < 0 || w < (model.weights[worst] as number))) worst = j;
    });
    if (worst < 0) return model;
    active[worst] = false;
  }
}

const fused = (model: { weights: number[]; bias: number }, row: Row) =>
  1 /
  (1 + Math.exp(-row.logits.reduce<number>((sum, v, j) => sum + (v ?? 0) * (model.weights[j] as number), model.bias)));

function thresholdForFpr(genuine: number[], maxFpr: number): number {
  const sorted = [...genuine].sort((a, b) => b - a);
  const allowed = Math.floor(maxFpr * sorted.length);
  // Flag scores strictly above the (allowed+1)-th highest genuine score.
  return (sorted[allowed] ?? 0) + 1e-12;
}

export async function fitFusion({
  trainDir,
  modelFile = path.join(repoRoot, "packages/detection/src/fusion-model.json"),
}: FusionFitOptions): Promise<void> {
  if (!existsSync(OUT_OF_FOLD_FILE))
    throw new Error(
      `${OUT_OF_FOLD_FILE} is missing: run npm run fit:image first (it writes the probes' held-out readings)`,
    );
  const heldOut = JSON.parse(await readFile(OUT_OF_FOLD_FILE, "utf8")) as HeldOut;
  const labelled = await readRows(trainDir);
  const rows: Row[] = [];
  for (const [i, row] of labelled.entries()) {
    rows.push({ file: row.file, system: row.system, synthetic: row.synthetic, ...(await readingsOf(row, heldOut)) });
    if ((i + 1) % 25 === 0) console.log(`fit:fusion: read ${i + 1} of ${labelled.length} pictures`);
  }
  // Out of fold: each system's pictures (a generator's, a genuine source's) are scored by a fusion fitted without that system.
  const folds = assignFolds(rows, { groupOf: (r) => r.system, dealtBy: (r) => r.file, dealing: "sorted" });
  const outOfFoldWith = (allowed: boolean[]) => {
    const heldOutScores = outOfFoldScores(rows, folds, (training) => {
      const model = fitNonNegative(training, allowed);
      return (row) => fused(model, row);
    });
    const scores = new Map(rows.map((row, i) => [row, heldOutScores[i] as number] as const));
    const genuine = rows.filter((r) => !r.synthetic).map((r) => scores.get(r) as number);
    const threshold = thresholdForFpr(genuine, TARGET_FPR);
    const recall = rows.filter((r) => r.synthetic && (scores.get(r) as number) >= threshold).length;
    return { scores, recall };
  };
  // A detector that adds no recall out of fold at the operating point is left out: it could not
  // change the verdict there, and each one costs a CLIP pass per picture (face-synthetic's own crop).
  const allowed = PICTURE_SIGNALS.map(() => true);
  for (const [j, id] of PICTURE_SIGNALS.entries()) {
    const withIt = outOfFoldWith(allowed).recall;
    const without = allowed.map((a, k) => a && k !== j);
    if (without.some(Boolean) && outOfFoldWith(without).recall >= withIt) {
      console.log(`fit:fusion: ${id} adds no recall out of fold (${withIt} pictures either way): left out`);
      allowed[j] = false;
    }
  }
  const model = fitNonNegative(rows, allowed);
  // With one detector left the fusion is a fixed increasing map of its reading, so refitting it per
  // left-out system only perturbs the ranking between systems (30 of the 71 pictures the block-8
  // head's own held-out readings put at the "synthetic" level were lost that way). The readings are
  // already held out (each picture scored by a head fitted without its generator): the levels are
  // set on them through the final map. With two or more, weights could overfit, so the fusion
  // itself is scored leaving each system out.
  const onlyOne = allowed.filter(Boolean).length === 1;
  const outOfFold = onlyOne ? new Map(rows.map((r) => [r, fused(model, r)] as const)) : outOfFoldWith(allowed).scores;
  const genuine = rows.filter((r) => !r.synthetic).map((r) => outOfFold.get(r) as number);
  const synthetic = rows.filter((r) => r.synthetic).map((r) => outOfFold.get(r) as number);
  const levels = deriveVerdictLevels(
    rows.map((r) => ({ score: outOfFold.get(r) as number, synthetic: r.synthetic, source: r.system })),
    `../shared/train pictures and packages' genuine press and portrait stills, ${onlyOne ? "each read by a head fitted without its generator" : "leave-one-system-out"} (${genuine.length} genuine, ${synthetic.length} synthetic)`,
  );
  const threshold = levels.synthetic.threshold;
  // The face-swap detector speaks at its own point unless that point is no better than chance.
  const swapWitness = whyMesonetAddsNoEvidence() === null;
  const either = (scores: Row[]) =>
    scores.filter((r) => (outOfFold.get(r) as number) >= threshold || (swapWitness && r.swapPresent)).length /
    scores.length;
  const learned: LearnedFusion = {
    // A detector left out (weight 0) still reports its own reading, but does not decide the verdict.
    weights: Object.fromEntries(
      PICTURE_SIGNALS.flatMap((id, j) =>
        (model.weights[j] as number) > 0 ? [[id, Number((model.weights[j] as number).toFixed(6))]] : [],
      ),
    ),
    bias: Number(model.bias.toFixed(6)),
    leftOut: [
      ...PICTURE_SIGNALS.filter((_, j) => (model.weights[j] as number) <= 0),
      ...(swapWitness ? [] : (["face-swap-mesonet"] as SignalId[])),
    ],
    operatingPoint: {
      threshold,
      falsePositiveRate: levels.synthetic.falsePositiveRate,
      truePositiveRate: levels.synthetic.truePositiveRate,
      measuredOn: levels.synthetic.measuredOn,
      genuineCount: levels.synthetic.genuineCount,
    },
    levels,
    ...(swapWitness
      ? {
          ownOperatingPoint: {
            detectors: ["face-swap-mesonet"],
            falsePositiveRate: either(rows.filter((r) => !r.synthetic)),
            truePositiveRate: either(rows.filter((r) => r.synthetic)),
            measuredOn:
              "../shared/train pictures: this model at its threshold or the face-swap detector at its own operating point (its calibration was fitted on these genuine faces too)",
          },
        }
      : {}),
  };
  // Video frames are read by the same detectors and aggregated per signal (video-signals.ts).
  const models: FusionModels = { image: learned, video: learned };
  await writeFile(modelFile, `${JSON.stringify(models, null, 2)}\n`);
  console.log(JSON.stringify(learned, null, 2));
  console.log(`fit:fusion: wrote ${path.relative(repoRoot, modelFile)}`);
}
