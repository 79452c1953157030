/**
 * The face-forgery network's verdict levels and measured figures (issue 42), from the readings
 * train-sbi.py wrote (.cache/sbi-net/out/readings.json: every exported face crop read by the trained
 * network), and the shipped files: the ONNX graph and its data manifest under
 * packages/detection/weights/, its levels and figures in packages/detection/src/faceswap/sbi-net.json.
 *
 * - Levels (issue 42's bars): "synthetic" at the lowest threshold flagging at most 0.5% of the genuine
 *   faces of every genuine source held out of the fit (and of all of them), "possibly" at most 3% of
 *   every such source; set on the shipped network's own readings of the held-out sources of
 *   ../shared/train and packages' media (never ../shared/data).
 * - What it may state (`speaksAt`): a level only if it also holds on ../shared/data's genuine faces
 *   (every source there within the same bar) and catches held-out swap frames more often than it
 *   flags genuine faces; otherwise the next level down, or nothing.
 * - Figures: held-out blend AUC; each training swap clip's frames against all held-out genuine faces
 *   and against its own original's frames (the original is held out too); ../shared/data's swaps
 *   against its genuine faces; clips as the product reads them (top-k mean of the frames).
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SBI_NET_CROP_MARGIN, SBI_NET_SIZE } from "@lg/detection/faceswap/sbi-net-input";
import type { LevelBars, SyntheticLevel, VerdictLevel } from "@lg/detection/synthetic-levels";
import { aggregateFrameScores } from "@lg/detection/video-aggregation";
import { rocAuc } from "@lg/fitting/detection-rates";
import { deriveVerdictLevels, type HeldOutScore } from "@lg/fitting/levels";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const outDir = path.join(repoRoot, ".cache/sbi-net/out");
const weightsDir = path.join(repoRoot, "packages/detection/weights");
export const SBI_NET_BARS: LevelBars = { syntheticMaxFpr: 0.005, possibleMaxFpr: 0.03, possiblePerSource: true };

interface Reading {
  key: string;
  set: "train" | "package" | "data";
  synthetic: boolean;
  source: string;
  file: string;
  at: number | null;
  score: number;
  fitted: boolean;
}

interface Readings {
  training: { wallSeconds: number; cpuSeconds: number };
  fitFaces: number;
  heldOutSources: string[];
  rows: Reading[];
  heldOutBlendAuc: number;
  heldOutBlends: number[];
}

const round = (v: number, digits = 4) => Number(v.toFixed(digits));

/** How many of these faces a level flags, as { n, flagged }. */
function flaggedAt(level: VerdictLevel, rows: readonly Reading[]) {
  return { n: rows.length, flagged: rows.filter((r) => r.score >= level.threshold).length };
}

function bySource(rows: readonly Reading[]): Map<string, Reading[]> {
  const groups = new Map<string, Reading[]>();
  for (const row of rows) groups.set(row.source, [...(groups.get(row.source) ?? []), row]);
  return groups;
}

/** One score per clip, as the product aggregates a face track's frames (video-aggregation.ts). */
function clipScores(rows: readonly Reading[]) {
  const clips = new Map<string, Reading[]>();
  for (const row of rows.filter((r) => r.at !== null)) clips.set(row.file, [...(clips.get(row.file) ?? []), row]);
  return [...clips].map(([file, frames]) => ({
    file,
    source: frames[0]?.source as string,
    synthetic: frames[0]?.synthetic === true,
    frames: frames.length,
    score: aggregateFrameScores(frames.map((f) => ({ timeSeconds: f.at as number, score: f.score }))).score as number,
  }));
}

async function main() {
  const readings = JSON.parse(await readFile(path.join(outDir, "readings.json"), "utf8")) as Readings;
  const manifest = JSON.parse(await readFile(path.join(outDir, "manifest.json"), "utf8")) as { onnxSha256: string };
  const onnx = await readFile(path.join(outDir, "sbi-net.onnx"));
  const sha256 = createHash("sha256").update(onnx).digest("hex");
  if (sha256 !== manifest.onnxSha256) throw new Error("The ONNX file is not the one train-sbi.py's manifest names");

  const rows = readings.rows;
  const heldOutGenuine = rows.filter((r) => r.set !== "data" && !r.synthetic && !r.fitted);
  const swaps = rows.filter((r) => r.set === "train" && r.synthetic);
  const dataGenuine = rows.filter((r) => r.set === "data" && !r.synthetic);
  const dataSwaps = rows.filter((r) => r.set === "data" && r.synthetic);
  const scores: HeldOutScore[] = [...heldOutGenuine, ...swaps].map((r) => ({
    score: r.score,
    synthetic: r.synthetic,
    source: r.source,
  }));
  const measuredOn = `${heldOutGenuine.length} genuine faces of ${bySource(heldOutGenuine).size} sources held out of the network's fit (../shared/train's clip originals, packages' press, portrait and video faces) and ${swaps.length} frames of ../shared/train's 3 swap clips`;
  const levels = deriveVerdictLevels(scores, measuredOn, SBI_NET_BARS);

  const genuineScores = (list: readonly { score: number }[]) => list.map((r) => r.score);
  const methods = [...bySource(swaps)].map(([method, frames]) => {
    const file = frames[0]?.file ?? "";
    const pair = file.replace(/^video\/(roop|ff|dfo).*/, "$1");
    const original = heldOutGenuine.filter((r) => r.source === `clip:${pair}`);
    return {
      method,
      frames: frames.length,
      aucAgainstHeldOutGenuine: round(rocAuc(genuineScores(heldOutGenuine), genuineScores(frames))),
      aucAgainstOwnOriginal: round(rocAuc(genuineScores(original), genuineScores(frames))),
      synthetic: flaggedAt(levels.synthetic, frames).flagged,
      possibly: flaggedAt(levels.possible, frames).flagged,
    };
  });

  const dataBySource = Object.fromEntries(
    [...bySource(dataGenuine)].map(([source, list]) => [
      source,
      {
        genuine: list.length,
        synthetic: flaggedAt(levels.synthetic, list).flagged,
        possibly: flaggedAt(levels.possible, list).flagged,
      },
    ]),
  );
  const withinBar = (level: VerdictLevel) =>
    [...bySource(dataGenuine).values()].every(
      (list) => flaggedAt(level, list).flagged <= Math.floor(level.maxFalsePositiveRate * list.length),
    ) && level.truePositiveRate > level.falsePositiveRate;
  const speaksAt: SyntheticLevel = withinBar(levels.synthetic)
    ? "synthetic"
    : withinBar(levels.possible)
      ? "possibly-synthetic"
      : "no-evidence";

  const clips = clipScores([...heldOutGenuine, ...swaps, ...dataGenuine]);
  const genuineClips = clips.filter((c) => !c.synthetic);
  const swapClips = clips.filter((c) => c.synthetic);
  const figures = {
    heldOutBlendAuc: round(readings.heldOutBlendAuc),
    heldOutGenuineFaces: heldOutGenuine.length,
    trainSwapFramesPooledAuc: round(rocAuc(genuineScores(heldOutGenuine), genuineScores(swaps))),
    byMethod: methods,
    sharedData: {
      genuineFaces: dataGenuine.length,
      swappedFaces: dataSwaps.length,
      auc: round(rocAuc(genuineScores(dataGenuine), genuineScores(dataSwaps))),
      swapScores: dataSwaps.map((r) => round(r.score)),
      bySource: dataBySource,
    },
    clips: {
      genuine: genuineClips.length,
      swapped: swapClips.length,
      auc: round(rocAuc(genuineScores(genuineClips), genuineScores(swapClips))),
      readings: clips.map((c) => ({ ...c, score: round(c.score), level: levelName(c.score, levels) })),
    },
    genuineFlaggedBySource: Object.fromEntries(
      [...bySource(heldOutGenuine)].map(([source, list]) => [
        source,
        {
          genuine: list.length,
          synthetic: flaggedAt(levels.synthetic, list).flagged,
          possibly: flaggedAt(levels.possible, list).flagged,
          highest: round(Math.max(...genuineScores(list))),
        },
      ]),
    ),
  };

  await mkdir(weightsDir, { recursive: true });
  await copyFile(path.join(outDir, "sbi-net.onnx"), path.join(weightsDir, "sbi-net.onnx"));
  await copyFile(path.join(outDir, "manifest.json"), path.join(weightsDir, "sbi-net.manifest.json"));
  const head = {
    network: "EfficientNet-Lite0 trained on self-blended genuine faces (scripts/training/train-sbi.py)",
    file: "packages/detection/weights/sbi-net.onnx",
    sha256,
    bytes: onnx.length,
    input: { size: SBI_NET_SIZE, cropMargin: SBI_NET_CROP_MARGIN },
    training: { ...readings.training, genuineFaces: readings.fitFaces, heldOutSources: readings.heldOutSources },
    bars: SBI_NET_BARS,
    levels,
    speaksAt,
    figures,
  };
  await writeFile(
    path.join(repoRoot, "packages/detection/src/faceswap/sbi-net.json"),
    `${JSON.stringify(head, null, 1)}\n`,
  );
  console.log(
    JSON.stringify(
      {
        levels: summary(levels.synthetic, levels.possible),
        speaksAt,
        figures: { ...figures, clips: { ...figures.clips, readings: undefined } },
      },
      null,
      1,
    ),
  );
}

function levelName(score: number, levels: { synthetic: VerdictLevel; possible: VerdictLevel }): SyntheticLevel {
  return score >= levels.synthetic.threshold
    ? "synthetic"
    : score >= levels.possible.threshold
      ? "possibly-synthetic"
      : "no-evidence";
}

function summary(synthetic: VerdictLevel, possible: VerdictLevel) {
  const one = (l: VerdictLevel) => ({
    threshold: l.threshold,
    falsePositiveRate: round(l.falsePositiveRate),
    truePositiveRate: round(l.truePositiveRate),
    flaggedBySource: Object.fromEntries(
      Object.entries(l.byGenuineSource).map(([s, r]) => [s, `${r.flagged}/${r.genuine}`]),
    ),
    recall: Object.fromEntries(Object.entries(l.recallBySystem).map(([s, r]) => [s, `${r.flagged}/${r.synthetic}`])),
  });
  return { synthetic: one(synthetic), possible: one(possible) };
}

await main();
