/**
 * Benchmarks the face-forgery network (issue 42) through the product's own code path
 * (`npx tsx bench/detection-face-forgery.ts [--data DIR] [--train DIR] [--out FILE]`): decode, YuNet,
 * sbiNetCrop, the committed ONNX graph on onnxruntime-node, the signal's levels.
 *
 * - Pictures: every face swap of DATA (MesoNet's DF crops) against every genuine face picture of DATA
 *   and the frames (1 fps) of DATA's genuine video, the network never having seen DATA.
 * - Clips as the product reads them (sbiNetOverTrack: every sampled frame's face of the track, the
 *   top-k mean): DATA's genuine video and TRAIN's swap clips and their originals (the originals are
 *   among the sources held out of the network's training, so each swap is scored against unseen
 *   footage of its own scene).
 * - Per frame: TRAIN's swap clips' frames against their originals' frames, per method.
 * - CPU: milliseconds per face read (crop and network), and CPU-seconds per second of footage for
 *   the track reading on each clip (decoding and face detection excluded: the analysis does them anyway).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { detectFaces, detectFacesInImage } from "@lg/detection/face/detect-faces";
import { sbiNetHead, sbiNetOverTrack, sbiNetSignal } from "@lg/detection/faceswap/sbi-net-signal";
import { readLabels } from "@lg/detection/labelled-data";
import { type DecodedImage, decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import type { DetectedFace } from "@lg/detection/result";
import { rocAuc } from "@lg/fitting/detection-rates";
import { labelledDataDir } from "@lg/fitting/paths";
import { quantileSummary } from "@lg/fitting/quantiles";
import { benchMachine } from "./machine.js";

const round = (v: number) => Math.round(v * 1e4) / 1e4;

interface Scored {
  source: string;
  swapped: boolean;
  score: number;
  level: string;
}

async function clipFrames(file: string) {
  const { probe, frames } = await sampleVideo(new Uint8Array(await readFile(file)), defaultLimits);
  const analysed: { timeSeconds: number; image: DecodedImage; faces: DetectedFace[] }[] = [];
  for (const frame of frames) {
    const { width, height } = frame.image;
    const image: DecodedImage = { format: probe.format, width, height, pixels: frame.image, scale: 1 };
    analysed.push({ timeSeconds: frame.timeSeconds, image, faces: await detectFaces(frame.image, 1, []) });
  }
  return { durationSeconds: probe.durationSeconds, frames: analysed };
}

const cpuSeconds = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

export async function benchFaceForgery(options: { dataDir: string; trainDir: string }) {
  const faces: (Scored & { frame: boolean })[] = [];
  const clips: (Scored & { file: string; frames: number; cpuSecondsPerSecond: number })[] = [];
  const cpuMsPerFace: number[] = [];
  const levelOf = (signal: { evidence: Record<string, unknown> }) => String(signal.evidence.level ?? "unknown");

  const readFaces = async (
    image: DecodedImage,
    found: DetectedFace[],
    source: string,
    swapped: boolean,
    frame: boolean,
  ) => {
    const largest = found.slice(0, 1);
    const start = process.cpuUsage();
    const signal = await sbiNetSignal(image, largest);
    if (typeof signal.score !== "number") return;
    cpuMsPerFace.push(cpuSeconds(start) * 1000);
    faces.push({ source, swapped, frame, score: signal.score, level: levelOf(signal) });
  };
  const readClip = async (file: string, source: string, swapped: boolean) => {
    const { durationSeconds, frames } = await clipFrames(file);
    const start = process.cpuUsage();
    const signal = await sbiNetOverTrack(frames);
    const used = cpuSeconds(start);
    if (typeof signal.score === "number")
      clips.push({
        file: path.basename(file),
        source,
        swapped,
        frames: Number(signal.evidence.framesRead),
        score: round(signal.score),
        level: levelOf(signal),
        cpuSecondsPerSecond: round(used / durationSeconds),
      });
    return frames;
  };

  for (const row of await readLabels(options.dataDir)) {
    if (row.synthetic === undefined || row.kind === "speech") continue;
    const file = path.join(options.dataDir, row.path);
    const source = `data:${row.path.split("/").slice(0, 2).join("/")}`;
    if (row.kind === "video") {
      for (const frame of await readClip(file, source, row.synthetic))
        await readFaces(frame.image, frame.faces, source, row.synthetic, true);
      continue;
    }
    const isSwap = row.path.includes("fake-images/mesonet/test_images/df/");
    if (row.synthetic && !isSwap) continue;
    const image = await decodeImage(new Uint8Array(await readFile(file)), defaultLimits, defaultLimits.analysisMaxSide);
    await readFaces(image, await detectFacesInImage(image, []), source, row.synthetic, false);
  }
  const trainFrames: (Scored & { pair: string })[] = [];
  for (const row of await readLabels(options.trainDir)) {
    if (row.kind !== "video") continue;
    const pair = row.path.replace(/^video\/(roop|ff|dfo).*/, "$1");
    const source = `train:${pair}${row.synthetic ? " swap" : " original"}`;
    for (const frame of await readClip(path.join(options.trainDir, row.path), source, row.synthetic === true)) {
      const signal = await sbiNetSignal(frame.image, frame.faces.slice(0, 1));
      if (typeof signal.score === "number")
        trainFrames.push({
          source,
          pair,
          swapped: row.synthetic === true,
          score: signal.score,
          level: levelOf(signal),
        });
    }
  }

  const auc = (genuine: { score: number }[], swapped: { score: number }[]) =>
    genuine.length && swapped.length
      ? round(
          rocAuc(
            genuine.map((s) => s.score),
            swapped.map((s) => s.score),
          ),
        )
      : null;
  const counts = (list: Scored[]) => ({
    n: list.length,
    synthetic: list.filter((s) => s.level === "synthetic").length,
    possibly: list.filter((s) => s.level !== "no-evidence" && s.level !== "unknown").length,
  });
  const dataGenuine = faces.filter((s) => !s.swapped);
  const dataSwapped = faces.filter((s) => s.swapped);
  const latency = quantileSummary(cpuMsPerFace.length ? cpuMsPerFace : [0], { p50: 0.5, p95: 0.95 }, 1);
  return {
    measured: new Date().toISOString(),
    machine: benchMachine(),
    network: { sha256: sbiNetHead.sha256, speaksAt: sbiNetHead.speaksAt },
    levels: {
      synthetic: sbiNetHead.levels.synthetic.threshold,
      possibly: sbiNetHead.levels.possible.threshold,
    },
    dataPictures: {
      auc: auc(dataGenuine, dataSwapped),
      genuine: counts(dataGenuine),
      swapped: counts(dataSwapped),
      swapScores: dataSwapped.map((s) => round(s.score)),
      genuineBySource: Object.fromEntries(
        [...new Set(dataGenuine.map((s) => s.source))].map((source) => [
          source,
          counts(dataGenuine.filter((s) => s.source === source)),
        ]),
      ),
    },
    trainFramesByMethod: Object.fromEntries(
      ["roop", "ff", "dfo"].map((pair) => {
        const ofPair = trainFrames.filter((s) => s.pair === pair);
        const swapped = ofPair.filter((s) => s.swapped);
        const original = ofPair.filter((s) => !s.swapped);
        return [
          pair,
          { aucAgainstOriginal: auc(original, swapped), swapped: counts(swapped), original: counts(original) },
        ];
      }),
    ),
    clips: {
      auc: auc(
        clips.filter((c) => !c.swapped),
        clips.filter((c) => c.swapped),
      ),
      readings: clips,
    },
    cpuMsPerFace: { p50: latency.p50 as number, p95: latency.p95 as number },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { values } = parseArgs({
    options: {
      data: { type: "string", default: labelledDataDir() },
      train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
      out: { type: "string" },
    },
  });
  const result = await benchFaceForgery({
    dataDir: path.resolve(values.data as string),
    trainDir: path.resolve(values.train as string),
  });
  const text = `${JSON.stringify(result, null, 2)}\n`;
  if (values.out) await writeFile(values.out, text);
  console.log(text);
}
