/**
 * Calibrates the "face-swap-mesonet" signal (`npm run fit:mesonet [-- --train DIR]`, scripts/fit-mesonet.ts), written to
 * packages/detection/src/faceswap/mesonet-calibration.json. MesoNet's weights are the published
 * ones and stay as they are; only which variant and crop margin to use, and the reading's
 * calibration and operating point, are fitted here.
 *
 * - Faces: every face the product's detector finds, scored through the product's own crop
 *   (mesonetFaceReadings), in ../shared/train's genuine pictures (images/ face-photo and camera,
 *   gan-faces/ FFHQ photos) and in 24 frames of each face-swap video pair (video/: the originals
 *   genuine, the swaps synthetic). StyleGAN faces are scored and reported, not fitted: they are
 *   not face swaps. None of these rows was in MesoNet's training (DeepFake frames of its own set).
 * - Candidates: both published variants, crop margins 1.3 and 1.6, and two calibrations: Platt
 *   scaling of the log-odds alone, or with the face's size (MesoNet reads small, upscaled faces as
 *   fake, so a raw reading means less on them). Each is scored leaving one swap pair out at a
 *   time (its original and swap together; genuine stills dealt across the folds), and the candidate
 *   whose held-out readings flag the most swaps at 2% of held-out genuine faces wins (AUC breaks ties).
 * - The operating point is the calibrated threshold flagging at most 2% of the held-out genuine
 *   faces, with the held-out rates; the shipped calibration is refitted on every row.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { MESONET_CROP_MARGIN } from "@lg/detection/faceswap/mesonet-input";
import { MesoNet } from "@lg/detection/faceswap/mesonet-model";
import {
  calibratedFakeProbability,
  faceSideTerm,
  logit,
  type MesoNetCalibration,
} from "@lg/detection/faceswap/operating-point";
import { mesonetFaceReadings } from "@lg/detection/faceswap/signal";
import { decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import { fitLogistic } from "@lg/fitting/cross-validation";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";
import { assignFolds, outOfFoldScores } from "@lg/fitting/folds";
import { readLabelRows } from "@lg/fitting/label-rows";
import { repoRoot } from "@lg/fitting/paths";

/** What one fit:mesonet run reads (the CLI's flags). */
export interface MesonetFitOptions {
  /** ../shared/train: labels.csv, its pictures and its face-swap video pairs. */
  trainDir: string;
  /** Where the raw face readings are cached (.cache/mesonet, gitignored). */
  cacheDir: string;
  /** Where the calibration is written: by default the one the face-swap signal reads. */
  calibrationFile?: string;
}

// Raw readings of the training faces per crop margin; delete them to rescore after a change to the detector or crop.
const CROP_MARGINS = [MESONET_CROP_MARGIN, 1.6];
const cacheFileFor = (cacheDir: string, margin: number) =>
  path.join(cacheDir, `train-face-readings-margin${margin}.json`);
/** Log face sizes are taken relative to this side (px), so the size terms stay well scaled. */
const FACE_SIDE_CENTRE_PX = 128;
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
  /** The fold it is held out with: its video pair, or "stills". */
  group: string;
  /** The face box's longer side in analysis-copy pixels. */
  faceSidePx: number;
  meso4: number;
  mesoinception4: number;
}

async function readRows(trainDir: string): Promise<Row[]> {
  return (await readLabelRows(trainDir)).map((cell) => ({
    path: cell("path"),
    kind: cell("kind"),
    synthetic: cell("synthetic") === "1",
    system: cell("system"),
  }));
}

function sideOf(row: Row): Side | null {
  if (row.kind === "video") return row.synthetic ? "swapped" : "genuine";
  if (GENUINE_PICTURE_SYSTEMS.has(row.system) && !row.synthetic) return "genuine";
  if (GAN_SYSTEMS.has(row.system)) return "gan";
  return null;
}

const models = { meso4: new MesoNet("meso4"), mesoinception4: new MesoNet("mesoinception4") };

/** Both variants' raw p(fake) for every face of one analysed picture. */
async function scorePicture(
  pixels: RgbImage,
  scale: number,
  side: Side,
  source: string,
  group: string,
  cropMargin: number,
): Promise<FaceScore[]> {
  const faces = await detectFaces(pixels, scale, []);
  if (faces.length === 0) return [];
  const readings = await Promise.all(
    (["meso4", "mesoinception4"] as const).map((variant) =>
      mesonetFaceReadings(pixels, scale, faces, {
        model: models[variant],
        calibration: { ...placeholderCalibration, variant, cropMargin },
        // Every face is a calibration sample, however many a picture holds.
        maxFaces: Number.POSITIVE_INFINITY,
      }),
    ),
  );
  const [meso4 = [], inception = []] = readings;
  return meso4.map((r, i) => ({
    side,
    source,
    group,
    faceSidePx: r.faceSidePx,
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

/** The video pair a clip belongs to (its original and its swap share it), as fit-image-detectors groups them. */
function pairOf(row: Row): string {
  const first = row.system.split("-")[0] as string;
  return first === "original" ? "inswapper" : first;
}

async function scoreTrainingFaces(cropMargin: number, { trainDir, cacheDir }: MesonetFitOptions): Promise<FaceScore[]> {
  const cacheFile = cacheFileFor(cacheDir, cropMargin);
  if (existsSync(cacheFile)) return JSON.parse(await readFile(cacheFile, "utf8")) as FaceScore[];
  const scores: FaceScore[] = [];
  for (const row of await readRows(trainDir)) {
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
        scores.push(
          ...(await scorePicture(
            frame.image,
            scale,
            side,
            `${row.path}@${frame.timeSeconds}`,
            pairOf(row),
            cropMargin,
          )),
        );
      }
    } else {
      const image = await decodeImage(bytes, defaultLimits, defaultLimits.analysisMaxSide);
      scores.push(...(await scorePicture(image.pixels, image.scale, side, row.path, "stills", cropMargin)));
    }
    process.stdout.write(`\r${scores.length} faces scored (margin ${cropMargin})`);
  }
  process.stdout.write("\n");
  await mkdir(path.dirname(cacheFile), { recursive: true });
  await writeFile(cacheFile, JSON.stringify(scores));
  return scores;
}

type Variant = MesoNetCalibration["variant"];
type Mode = "platt" | "face-size";

interface Candidate {
  variant: Variant;
  cropMargin: number;
  mode: Mode;
}

/** Each candidate calibration's features for one face: logit(pFake) [, s, s²]. */
function featuresOf(score: FaceScore, { variant, mode }: Candidate): number[] {
  const l = logit(score[variant]);
  if (mode === "platt") return [l];
  const s = faceSideTerm(score.faceSidePx, FACE_SIDE_CENTRE_PX);
  return [l, s, s * s];
}

/** Classes weigh the same in the fit (128 genuine faces against 72 swap frames). */
function classBalanced(labels: number[]): number[] {
  const positives = labels.filter((y) => y === 1).length;
  const negatives = labels.length - positives;
  return labels.map((y) => (y === 1 ? labels.length / (2 * positives) : labels.length / (2 * negatives)));
}

function calibrationOf(candidate: Candidate, rows: FaceScore[]): Pick<MesoNetCalibration, "platt" | "faceSide"> {
  const labels = rows.map((r) => (r.side === "swapped" ? 1 : 0));
  const weights = classBalanced(labels);
  const fit = fitLogistic(
    rows.map((r, i) => ({ x: featuresOf(r, candidate), y: labels[i] as number, weight: weights[i] as number })),
    1e-3,
  );
  const [a = 1, linear = 0, quadratic = 0] = fit.weights;
  return {
    platt: { a, b: fit.bias },
    ...(candidate.mode === "face-size" ? { faceSide: { centrePx: FACE_SIDE_CENTRE_PX, linear, quadratic } } : {}),
  };
}

const probabilityOf = (
  score: FaceScore,
  candidate: Candidate,
  calibration: Pick<MesoNetCalibration, "platt" | "faceSide">,
) =>
  calibratedFakeProbability(
    score[candidate.variant],
    { ...placeholderCalibration, ...calibration, variant: candidate.variant },
    score.faceSidePx,
  );

/** Held-out probabilities: one fold per swap pair (original and swap together); genuine stills dealt across the folds. */
function heldOut(candidate: Candidate, rows: FaceScore[]): number[] {
  const folds = assignFolds(rows, {
    groupOf: (r) => (r.group === "stills" ? null : r.group),
    dealtBy: (r) => r.source,
    dealing: "sorted",
  });
  return outOfFoldScores(rows, folds, (training) => {
    const calibration = calibrationOf(candidate, training);
    return (r) => probabilityOf(r, candidate, calibration);
  });
}

export async function fitMesonet(options: MesonetFitOptions): Promise<void> {
  const byMargin = new Map<number, FaceScore[]>();
  for (const margin of CROP_MARGINS) byMargin.set(margin, await scoreTrainingFaces(margin, options));
  const candidates: Candidate[] = CROP_MARGINS.flatMap((cropMargin) =>
    (["meso4", "mesoinception4"] as const).flatMap((variant) =>
      (["platt", "face-size"] as const).map((mode) => ({ variant, cropMargin, mode })),
    ),
  );
  const search: Record<string, { heldOutAuc: number; heldOutTprAt2: number; heldOutFpr: number }> = {};
  let best: { candidate: Candidate; tpr: number; auc: number; probabilities: number[]; rows: FaceScore[] } | undefined;
  for (const candidate of candidates) {
    const rows = (byMargin.get(candidate.cropMargin) as FaceScore[]).filter((r) => r.side !== "gan");
    const probabilities = heldOut(candidate, rows);
    const genuine = probabilities.filter((_, i) => rows[i]?.side === "genuine");
    const swapped = probabilities.filter((_, i) => rows[i]?.side === "swapped");
    const threshold = thresholdForFpr(genuine, TARGET_FPR);
    const tpr = shareAtOrAbove(swapped, threshold);
    const auc = rocAuc(genuine, swapped);
    search[`${candidate.variant} margin ${candidate.cropMargin} ${candidate.mode}`] = {
      heldOutAuc: round(auc),
      heldOutTprAt2: round(tpr),
      heldOutFpr: round(shareAtOrAbove(genuine, threshold)),
    };
    if (!best || tpr > best.tpr + 1e-9 || (Math.abs(tpr - best.tpr) <= 1e-9 && auc > best.auc))
      best = { candidate, tpr, auc, probabilities, rows };
  }
  if (!best) throw new Error("no candidate");
  console.log("held-out (leave one swap pair out):", JSON.stringify(search, null, 2));
  const { candidate, rows, probabilities } = best;
  const genuine = probabilities.filter((_, i) => rows[i]?.side === "genuine");
  const swapped = probabilities.filter((_, i) => rows[i]?.side === "swapped");
  const threshold = thresholdForFpr(genuine, TARGET_FPR);
  const byPair: Record<string, { genuine: number; swapped: number }> = {};
  for (const pair of new Set(rows.filter((r) => r.group !== "stills").map((r) => r.group))) {
    const share = (side: Side) =>
      round(
        shareAtOrAbove(
          probabilities.filter((_, i) => rows[i]?.group === pair && rows[i]?.side === side),
          threshold,
        ),
      );
    byPair[pair] = { genuine: share("genuine"), swapped: share("swapped") };
  }
  const date = new Date().toISOString().slice(0, 10);
  const fitted = calibrationOf(candidate, rows);
  const calibration: MesoNetCalibration = {
    variant: candidate.variant,
    cropMargin: candidate.cropMargin,
    ...fitted,
    operatingPoint: {
      threshold: round(threshold),
      falsePositiveRate: round(shareAtOrAbove(genuine, threshold)),
      truePositiveRate: round(shareAtOrAbove(swapped, threshold)),
      measuredOn: `../shared/train faces held out of the calibration's fit, one swap pair at a time (${genuine.length} genuine, ${swapped.length} face-swap video frames from 3 pairs), ${date}`,
    },
    fitAuc: round(rocAuc(genuine, swapped)),
    counts: { genuine: genuine.length, swapped: swapped.length },
    fittedAt: date,
    heldOutBySwapPair: byPair,
    candidates: search,
  };
  const gan = (byMargin.get(candidate.cropMargin) as FaceScore[]).filter((r) => r.side === "gan");
  const all = (side: Side) =>
    (byMargin.get(candidate.cropMargin) as FaceScore[])
      .filter((r) => r.side === side)
      .map((r) => probabilityOf(r, candidate, fitted));
  console.log(
    JSON.stringify(
      { ganAucInSample: round(rocAuc(all("genuine"), gan.length ? all("gan") : [])), calibration },
      null,
      2,
    ),
  );
  await writeFile(
    options.calibrationFile ?? path.join(repoRoot, "packages/detection/src/faceswap/mesonet-calibration.json"),
    `${JSON.stringify(calibration, null, 2)}\n`,
  );
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;
