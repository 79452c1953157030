/**
 * Benchmarks the face-swap (MesoNet) signal and the explicit-content finding on labelled data
 * (`npx tsx bench/explicit-and-faceswap.ts [--data DIR] [--train DIR] [--write-measurement]`).
 *
 * - benchFaceSwapMesonet: every picture of DIR with a face (fake-images/mesonet's DeepFake and
 *   real crops, faces/'s genuine photos), its most swap-like face's calibrated MesoNet score:
 *   AUC, recall at 2% false positives (threshold chosen on DIR's genuine pictures), and the false-
 *   and true-positive rates at the fitted operating point; latency of the signal given the faces.
 * - benchIntimate: the explicit-content rule on genuine, non-explicit pictures (DIR's faces and
 *   images, and with --train, ../shared/train's camera and face photos): the false-positive rate
 *   and the classifier's per-picture latency. No explicit material is held, so no detection rate.
 *   --write-measurement stores the false-positive figure the finding states
 *   (packages/detection/src/explicit/false-positive-measurement.json).
 * - benchIntimateVideo: the video rule (video-rule.json, fitted by scripts/fit-explicit-video.ts)
 *   on every labelled (non-explicit) video of DIR and TRAIN, by source, as the product reads them
 *   (written with --write-measurement too). A video's finding states the fit's own held-out figure.
 * Latencies: `latencyMs` is wall time, `cpuMs` this process's CPU time (every thread, from
 * process.cpuUsage) around the same call: on a shared machine wall time mostly measures the
 * neighbours. onnxruntime is pinned to one thread.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { EXPLICIT_THRESHOLD, explicitMass, type FalsePositiveMeasurement } from "@lg/detection/explicit/finding";
import { fittedVideoRule, intimateFindingForFrames } from "@lg/detection/explicit/video-finding";
import { detectFaces, detectFacesInImage } from "@lg/detection/face/detect-faces";
import { mesonetCalibration, mesonetFaceReadings } from "@lg/detection/faceswap/signal";
import { type LabelledFile, readLabels } from "@lg/detection/labelled-data";
import { decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import { nsfwClassifier } from "@lg/detection/models/registry";
import { framesToRead } from "@lg/detection/video-signals";
import { rocAuc, shareAtOrAbove, thresholdForFpr } from "@lg/fitting/detection-rates";
import { labelledDataDir } from "@lg/fitting/paths";
import { quantileSummary } from "@lg/fitting/quantiles";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface FaceSwapBench {
  auc: number;
  tprAtFpr2: number;
  /** At the fitted operating point (mesonet-calibration.json). */
  fpr: number;
  tpr: number;
  genuine: number;
  swapped: number;
  /** Pictures without a face MesoNet could score. */
  noFace: number;
  latencyMs: { p50: number; p95: number };
  cpuMs: { p50: number; p95: number };
}

export interface IntimateBench {
  falsePositiveRate: number;
  flagged: number;
  n: number;
  sets: string;
  latencyMs: { p50: number; p95: number };
  cpuMs: { p50: number; p95: number };
}

const latency = (ms: number[]) => {
  const q = quantileSummary(ms.length ? ms : [0], { p50: 0.5, p95: 0.95 }, 1);
  return { p50: q.p50 as number, p95: q.p95 as number };
};

/** Wall and CPU milliseconds of one call. */
async function timed<T>(work: () => Promise<T>, wall: number[], cpu: number[]): Promise<T> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpuStart);
  wall.push(performance.now() - start);
  cpu.push((used.user + used.system) / 1000);
  return result;
}

const isPicture = (row: LabelledFile) => row.kind === "face" || row.kind === "image" || row.kind === "scene";

async function decode(file: string) {
  return decodeImage(new Uint8Array(await readFile(file)), defaultLimits, defaultLimits.analysisMaxSide);
}

export async function benchFaceSwapMesonet({ dataDir }: { dataDir: string }): Promise<FaceSwapBench> {
  const rows = (await readLabels(dataDir)).filter(
    (row) =>
      isPicture(row) &&
      row.synthetic !== undefined &&
      (row.path.startsWith("fake-images/mesonet/") || (row.path.startsWith("faces/") && row.synthetic === false)),
  );
  const genuine: number[] = [];
  const swapped: number[] = [];
  const ms: number[] = [];
  const cpu: number[] = [];
  let noFace = 0;
  for (const row of rows) {
    const image = await decode(path.join(dataDir, row.path));
    const faces = await detectFacesInImage(image, []);
    const readings = await timed(() => mesonetFaceReadings(image.pixels, image.scale, faces), ms, cpu);
    if (readings.length === 0) {
      noFace++;
      ms.pop();
      cpu.pop();
      continue;
    }
    const score = Math.max(...readings.map((r) => r.probability));
    (row.synthetic ? swapped : genuine).push(score);
  }
  const point = mesonetCalibration.operatingPoint;
  return {
    auc: rocAuc(genuine, swapped),
    tprAtFpr2: genuine.length ? shareAtOrAbove(swapped, thresholdForFpr(genuine, 0.02)) : Number.NaN,
    fpr: shareAtOrAbove(genuine, point.threshold),
    tpr: shareAtOrAbove(swapped, point.threshold),
    genuine: genuine.length,
    swapped: swapped.length,
    noFace,
    latencyMs: latency(ms),
    cpuMs: latency(cpu),
  };
}

const TRAIN_GENUINE_SYSTEMS = new Set(["camera", "face-photo"]);

async function trainGenuinePictures(trainDir: string): Promise<string[]> {
  const [header = "", ...lines] = (await readFile(path.join(trainDir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const columns = header.split(",");
  const [file, kind, synthetic, system] = ["path", "kind", "synthetic", "system"].map((c) => columns.indexOf(c)) as [
    number,
    number,
    number,
    number,
  ];
  return lines
    .map((line) => line.split(","))
    .filter((c) => c[kind] === "image" && c[synthetic] === "0" && TRAIN_GENUINE_SYSTEMS.has(c[system] ?? ""))
    .map((c) => path.join(trainDir, c[file] ?? ""));
}

export async function benchIntimate({
  dataDir,
  trainDir,
}: {
  dataDir: string;
  trainDir?: string;
}): Promise<IntimateBench> {
  // Every picture of the evaluation set is non-explicit (faces, camera pictures, AI images).
  const files = (await readLabels(dataDir)).filter(isPicture).map((row) => path.join(dataDir, row.path));
  const fromData = files.length;
  if (trainDir) files.push(...(await trainGenuinePictures(trainDir)));
  const classifier = nsfwClassifier();
  await classifier.ready();
  const ms: number[] = [];
  const cpu: number[] = [];
  let flagged = 0;
  for (const file of files) {
    const image = await decode(file);
    const probabilities = await timed(() => classifier.predict(image.pixels), ms, cpu);
    if (explicitMass(probabilities) >= EXPLICIT_THRESHOLD) flagged++;
  }
  const sets = `${fromData} pictures of ../shared/data${trainDir ? `, ${files.length - fromData} camera and face photos of ../shared/train` : ""}`;
  return {
    falsePositiveRate: files.length ? flagged / files.length : Number.NaN,
    flagged,
    n: files.length,
    sets,
    latencyMs: latency(ms),
    cpuMs: latency(cpu),
  };
}

export interface IntimateVideoBench {
  falsePositiveRate: number;
  flagged: number;
  n: number;
  /** Which videos were flagged. */
  flaggedFiles: string[];
  /** Videos and flagged videos per folder ("shared-data", "shared-train"). */
  bySource: Record<string, { videos: number; flagged: number }>;
  sets: string;
  /** The rule measured (video-rule.json) and its own figure on footage held out of its fit. */
  rule: typeof fittedVideoRule.rule;
  heldOutOfFit: typeof fittedVideoRule.heldOut;
}

/**
 * The video rule as the product runs it (frames sampled by sampleVideo, faces found on each, the
 * frames framesToRead picks, intimateFindingForFrames) on every labelled video of DIR and TRAIN:
 * none is explicit (interviews, face-swap demos). TRAIN's clips were in the rule's fit; DIR's were
 * held out of it (scripts/fit-explicit-video.ts).
 */
export async function benchIntimateVideo({
  dataDir,
  trainDir,
}: {
  dataDir: string;
  trainDir?: string;
}): Promise<IntimateVideoBench> {
  const videosOf = async (dir: string) =>
    (await readLabels(dir)).filter((row) => row.kind === "video").map((row) => path.join(dir, row.path));
  const sources = [
    { source: "shared-data", files: await videosOf(dataDir) },
    { source: "shared-train", files: trainDir ? await videosOf(trainDir) : [] },
  ];
  const flaggedFiles: string[] = [];
  const bySource: IntimateVideoBench["bySource"] = {};
  for (const { source, files } of sources) {
    bySource[source] = { videos: files.length, flagged: 0 };
    for (const file of files) {
      const { probe, frames } = await sampleVideo(new Uint8Array(await readFile(file)), defaultLimits);
      const scale = (frames[0]?.image.width ?? probe.width) / probe.width;
      const analysed = [];
      for (const frame of frames)
        analysed.push({ ...frame, faces: await detectFaces(frame.image, scale, [], frame.timeSeconds) });
      const finding = await intimateFindingForFrames(framesToRead(analysed));
      if (finding?.status === "present") {
        flaggedFiles.push(path.basename(file));
        (bySource[source] as { flagged: number }).flagged++;
      }
    }
  }
  const n = sources.reduce((sum, s) => sum + s.files.length, 0);
  const [fromData, fromTrain] = sources.map((s) => s.files.length) as [number, number];
  return {
    falsePositiveRate: n ? flaggedFiles.length / n : Number.NaN,
    flagged: flaggedFiles.length,
    n,
    flaggedFiles,
    bySource,
    sets: `${fromData} video${fromData === 1 ? "" : "s"} of ../shared/data${trainDir ? `, ${fromTrain} of ../shared/train (face-swap demos and their originals, in the rule's fit)` : ""}`,
    rule: fittedVideoRule.rule,
    heldOutOfFit: fittedVideoRule.heldOut,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      data: { type: "string", default: labelledDataDir() },
      train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
      "write-measurement": { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const dataDir = path.resolve(values.data as string);
  if (values.only !== "intimate") console.log("faceSwap", JSON.stringify(await benchFaceSwapMesonet({ dataDir })));
  if (values.only === "faceswap") return;
  const intimate = await benchIntimate({ dataDir, trainDir: path.resolve(values.train as string) });
  console.log("intimate", JSON.stringify(intimate));
  const video = await benchIntimateVideo({ dataDir, trainDir: path.resolve(values.train as string) });
  console.log("intimateVideo", JSON.stringify(video));
  if (values["write-measurement"]) {
    const measurement: FalsePositiveMeasurement = {
      threshold: EXPLICIT_THRESHOLD,
      genuinePictures: intimate.n,
      flagged: intimate.flagged,
      falsePositiveRate: intimate.falsePositiveRate,
      sets: intimate.sets,
      measuredAt: new Date().toISOString().slice(0, 10),
      video: {
        genuineVideos: video.n,
        flagged: video.flagged,
        falsePositiveRate: video.falsePositiveRate,
        sets: video.sets,
        bySource: video.bySource,
        flaggedFiles: video.flaggedFiles,
      },
    };
    await writeFile(
      path.join(repoRoot, "packages/detection/src/explicit/false-positive-measurement.json"),
      `${JSON.stringify(measurement, null, 2)}\n`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
