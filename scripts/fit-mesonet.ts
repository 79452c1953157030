/**
 * Calibrates the "face-swap-mesonet" signal (`npm run fit:mesonet [-- --train DIR]`), written to
 * packages/detection/src/faceswap/mesonet-calibration.json. MesoNet's weights are the published
 * ones and stay as they are; only the reading's calibration and operating point are fitted here.
 *
 * - Faces: every face the product's detector finds, scored through the product's own crop
 *   (mesonetFaceReadings), in ../shared/train's genuine pictures (images/ face-photo and camera,
 *   gan-faces/ FFHQ photos) and in 24 frames of each face-swap video pair (video/: the originals
 *   genuine, the swaps synthetic). StyleGAN faces are scored and reported, not fitted: they are
 *   not face swaps. None of these rows was in MesoNet's training (DeepFake frames of its own set).
 * - Both published variants are scored; the one with the higher AUC (genuine vs swapped faces)
 *   is kept. Platt scaling is fitted on its log-odds; the operating point is the calibrated
 *   threshold flagging at most 2% of the genuine faces, with its measured rates.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "../packages/detection/src/detection-rates.js";
import { detectFaces } from "../packages/detection/src/face/detect-faces.js";
import { MESONET_CROP_MARGIN } from "../packages/detection/src/faceswap/mesonet-input.js";
import { MesoNet } from "../packages/detection/src/faceswap/mesonet-model.js";
import {
  calibratedFakeProbability,
  fitPlatt,
  logit,
  type MesoNetCalibration,
} from "../packages/detection/src/faceswap/operating-point.js";
import { mesonetFaceReadings } from "../packages/detection/src/faceswap/signal.js";
import { decodeImage, type RgbImage } from "../packages/detection/src/media/image.js";
import { defaultLimits } from "../packages/detection/src/media/limits.js";
import { sampleVideo } from "../packages/detection/src/media/video.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    cache: { type: "string", default: path.join(repoRoot, ".cache/mesonet") },
    margin: { type: "string", default: String(MESONET_CROP_MARGIN) },
  },
});
// Raw readings of the training faces; delete it to rescore after a change to the detector or crop.
const cropMargin = Number(values.margin);
const cacheFile = path.join(path.resolve(values.cache as string), `train-face-scores-margin${cropMargin}.json`);
const trainDir = path.resolve(values.train as string);
const TARGET_FPR = 0.02;
const FRAMES_PER_CLIP = 24;
const GENUINE_PICTURE_SYSTEMS = new Set(["face-photo", "camera", "ffhq-photo"]);
const GAN_SYSTEMS = new Set(["stylegan1", "stylegan2", "stylegan3"]);

interface Row {
  path: string;
  kind: string;
  synthetic: boolean;
  system: string;
}

type Side = "genuine" | "swapped" | "gan";

interface FaceScore {
  side: Side;
  source: string;
  meso4: number;
  mesoinception4: number;
}

async function readRows(): Promise<Row[]> {
  const [header = "", ...lines] = (await readFile(path.join(trainDir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const columns = header.split(",");
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split(",");
    return {
      path: cells[at("path")] ?? "",
      kind: cells[at("kind")] ?? "",
      synthetic: cells[at("synthetic")] === "1",
      system: cells[at("system")] ?? "",
    };
  });
}

function sideOf(row: Row): Side | null {
  if (row.kind === "video") return row.synthetic ? "swapped" : "genuine";
  if (GENUINE_PICTURE_SYSTEMS.has(row.system) && !row.synthetic) return "genuine";
  if (GAN_SYSTEMS.has(row.system)) return "gan";
  return null;
}

const models = { meso4: new MesoNet("meso4"), mesoinception4: new MesoNet("mesoinception4") };

/** Both variants' raw p(fake) for every face of one analysed picture. */
async function scorePicture(pixels: RgbImage, scale: number, side: Side, source: string): Promise<FaceScore[]> {
  const faces = await detectFaces(pixels, scale, []);
  if (faces.length === 0) return [];
  const readings = await Promise.all(
    (["meso4", "mesoinception4"] as const).map((variant) =>
      mesonetFaceReadings(pixels, scale, faces, {
        model: models[variant],
        calibration: { ...placeholderCalibration, variant, cropMargin },
      }),
    ),
  );
  const [meso4 = [], inception = []] = readings;
  return meso4.map((r, i) => ({
    side,
    source,
    meso4: r.rawFakeProbability,
    mesoinception4: (inception[i] as (typeof inception)[number]).rawFakeProbability,
  }));
}

/** Identity calibration, so the readings carry the raw network output while scoring. */
const placeholderCalibration: MesoNetCalibration = {
  variant: "meso4",
  platt: { a: 1, b: 0 },
  operatingPoint: { threshold: 1, falsePositiveRate: 0, truePositiveRate: 0, measuredOn: "" },
  fitAuc: Number.NaN,
  counts: { genuine: 0, swapped: 0 },
  fittedAt: "",
};

async function scoreTrainingFaces(): Promise<FaceScore[]> {
  if (existsSync(cacheFile)) return JSON.parse(await readFile(cacheFile, "utf8")) as FaceScore[];
  const scores: FaceScore[] = [];
  for (const row of await readRows()) {
    const side = sideOf(row);
    if (!side) continue;
    const bytes = new Uint8Array(await readFile(path.join(trainDir, row.path)));
    if (row.kind === "video") {
      const duration = (await sampleVideo(bytes, { ...defaultLimits, maxVideoFrames: 1 })).probe.durationSeconds;
      const { probe, frames } = await sampleVideo(bytes, {
        ...defaultLimits,
        videoFramesPerSecond: Number(Math.min(25, FRAMES_PER_CLIP / duration).toFixed(3)),
        maxVideoFrames: FRAMES_PER_CLIP,
      });
      for (const frame of frames) {
        const scale = frame.image.width / probe.width;
        scores.push(...(await scorePicture(frame.image, scale, side, `${row.path}@${frame.timeSeconds}`)));
      }
    } else {
      const image = await decodeImage(bytes, defaultLimits, defaultLimits.analysisMaxSide);
      scores.push(...(await scorePicture(image.pixels, image.scale, side, row.path)));
    }
    process.stdout.write(`\r${scores.length} faces scored`);
  }
  process.stdout.write("\n");
  await mkdir(path.dirname(cacheFile), { recursive: true });
  await writeFile(cacheFile, JSON.stringify(scores));
  return scores;
}

async function main() {
  const scores = await scoreTrainingFaces();
  const of = (side: Side, variant: "meso4" | "mesoinception4") =>
    scores.filter((s) => s.side === side).map((s) => s[variant]);
  const aucs = {
    meso4: rocAuc(of("genuine", "meso4"), of("swapped", "meso4")),
    mesoinception4: rocAuc(of("genuine", "mesoinception4"), of("swapped", "mesoinception4")),
  };
  const variant: MesoNetCalibration["variant"] = aucs.meso4 >= aucs.mesoinception4 ? "meso4" : "mesoinception4";
  const genuine = of("genuine", variant);
  const swapped = of("swapped", variant);
  const platt = fitPlatt([...genuine, ...swapped].map(logit), [...genuine.map(() => 0), ...swapped.map(() => 1)]);
  const draft = { ...placeholderCalibration, variant, cropMargin, platt };
  const calibratedGenuine = genuine.map((p) => calibratedFakeProbability(p, draft));
  const calibratedSwapped = swapped.map((p) => calibratedFakeProbability(p, draft));
  const threshold = thresholdForFpr(calibratedGenuine, TARGET_FPR);
  const date = new Date().toISOString().slice(0, 10);
  const calibration: MesoNetCalibration = {
    variant,
    cropMargin,
    platt,
    operatingPoint: {
      threshold,
      falsePositiveRate: shareAtOrAbove(calibratedGenuine, threshold),
      truePositiveRate: shareAtOrAbove(calibratedSwapped, threshold),
      measuredOn: `../shared/train faces (${genuine.length} genuine, ${swapped.length} face-swap video frames from 3 pairs), the fit's own rows, ${date}`,
    },
    fitAuc: aucs[variant],
    counts: { genuine: genuine.length, swapped: swapped.length },
    fittedAt: date,
  };
  const bySource = (side: Side) => {
    const groups = new Map<string, number[]>();
    for (const s of scores.filter((x) => x.side === side)) {
      const key = s.source.split("@")[0] as string;
      groups.set(key, [...(groups.get(key) ?? []), calibratedFakeProbability(s[variant], draft)]);
    }
    return Object.fromEntries(
      [...groups].map(([key, values]) => [key, Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(3))]),
    );
  };
  console.log(JSON.stringify({ aucs, ganAuc: rocAuc(genuine, of("gan", variant)), calibration }, null, 2));
  console.log("mean calibrated score per video:", { ...bySource("swapped"), ...filterVideos(bySource("genuine")) });
  await writeFile(
    path.join(repoRoot, "packages/detection/src/faceswap/mesonet-calibration.json"),
    `${JSON.stringify(calibration, null, 2)}\n`,
  );
}

const filterVideos = (byPath: Record<string, number>) =>
  Object.fromEntries(Object.entries(byPath).filter(([key]) => key.startsWith("video/")));

await main();
