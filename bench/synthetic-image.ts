/**
 * The learned synthetic-picture signals ("ai-image", "face-synthetic") on a labelled folder:
 * `npx tsx bench/synthetic-image.ts [--data DIR] [--train DIR] [--out FILE.json]`.
 *
 * - Pictures: the `kind=image` rows labelled synthetic or genuine, plus every `kind=face` photo as
 *   a genuine one. A picture's score is the larger of its two signals' calibrated probabilities
 *   (face-synthetic only when a face was found). `auc` and `tprAtFpr2` (recall at the threshold
 *   flagging at most ⌊2% · genuine⌋ of them, chosen on this set) rank that score; `atOperatingPoints`
 *   is what the product decides: flagged when either signal is "present" at its fitted threshold.
 * - Face swaps (`faceSwapAuc`): the face-synthetic score of face crops: this set's face-swap/real
 *   pictures and the frames (1 fps, as the product samples) of its videos; separately and pooled,
 *   with `--train`, the frames of ../shared/train's face-swap clips the fit held out (the last 30%
 *   of each clip: same people and manipulations as the fitted frames, so not a test of unseen swaps).
 * - Latency: CPU time of the two signals per picture (decoding and face detection, which the
 *   analysis pays anyway, not counted), with onnxruntime on one intra-op thread, and the CLIP
 *   calls they made.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { detectFaces, detectFacesInImage } from "@lg/detection/face/detect-faces";
import { readLabels } from "@lg/detection/labelled-data";
import { type DecodedImage, decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import type { Signal } from "@lg/detection/result";
import { onnxNodeRuntime } from "@lg/detection/runtimes/onnx";
import type { OnnxSessionLike } from "@lg/detection/runtimes/onnx-port";
import { ClipImageEncoder } from "@lg/detection/synthetic-image/clip-encoder";
import { aiImageSignal, faceSyntheticSignal } from "@lg/detection/synthetic-image/signals";
import { rocAuc, tprAtFpr } from "@lg/fitting/detection-rates";
import { isHeldOutFrame, trainingClipSampling } from "@lg/fitting/held-out-frames";
import { labelledDataDir } from "@lg/fitting/paths";
import { cpuSecondsWithExitedChildren } from "./cpu-time.js";
import { benchMachine } from "./machine.js";

export interface SyntheticImageBench {
  pictures: { genuine: number; synthetic: number };
  auc: number;
  tprAtFpr2: number;
  thresholdAtFpr2: number;
  atOperatingPoints: { recall: number; falsePositiveRate: number };
  /** Per source folder: recall for synthetic folders, the share flagged (false positives) for genuine ones. */
  bySystem: Record<string, { n: number; recall?: number; falsePositiveRate?: number }>;
  aiImageAuc: number;
  faceSyntheticAuc: number;
  /** Face crops of this set's face-swap and real pictures and of its videos' frames. */
  faceSwapAuc: number | null;
  faceSwap: {
    crops: { genuine: number; synthetic: number };
    /** The training clips' held-out frames alone, and pooled with this set's crops. */
    aucHeldOutTrainFrames: number | null;
    aucWithHeldOutTrainFrames: number | null;
    heldOutFrames: string;
  };
  latencyMs: { p50: number; p95: number };
  clipCallsPerPicture: { mean: number; max: number };
  perPicture: { path: string; synthetic: boolean; aiImage: number | null; faceSynthetic: number | null }[];
}

/** The folder a picture came from, as the per-system figures name it. */
function systemOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "faces") return "faces (genuine)";
  if (parts[1] === "mesonet") return `mesonet ${parts[3]}`;
  if (parts[1]?.startsWith("c2pa")) return "c2pa";
  if (parts[1] === "comfyui-examples") return "comfyui";
  return parts[1]?.replace(/-samples$/, "").replace("-", "") ?? file;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** A CLIP encoder whose runtime counts the calls, so the bench can say how many each picture cost. */
function countingEncoder(): { encoder: ClipImageEncoder; calls: () => number } {
  let calls = 0;
  const encoder = new ClipImageEncoder(undefined, {
    ...onnxNodeRuntime,
    sessionFromBytes: async (bytes) => {
      const session = await onnxNodeRuntime.sessionFromBytes(bytes);
      const counted: OnnxSessionLike = {
        run: (feeds) => {
          calls++;
          return session.run(feeds);
        },
      };
      return counted;
    },
  });
  return { encoder, calls: () => calls };
}

const scoreOf = (signal: Signal) => (signal.status === "unknown" ? null : (signal.score ?? null));
const round = (v: number | null) => (v === null || Number.isNaN(v) ? null : Math.round(v * 1e4) / 1e4);

async function frameCrops(
  file: string,
  encoder: ClipImageEncoder,
  keep: (timeSeconds: number, duration: number) => boolean,
  sampling?: (duration: number) => { framesPerSecond: number; maxFrames: number },
): Promise<number[]> {
  const bytes = new Uint8Array(await readFile(file));
  let limits = defaultLimits;
  if (sampling) {
    const { probe } = await sampleVideo(bytes, { ...defaultLimits, maxVideoFrames: 1 });
    const { framesPerSecond, maxFrames } = sampling(probe.durationSeconds);
    limits = { ...defaultLimits, videoFramesPerSecond: framesPerSecond, maxVideoFrames: maxFrames };
  }
  const { probe, frames } = await sampleVideo(bytes, limits);
  const scores: number[] = [];
  for (const frame of frames) {
    if (!keep(frame.timeSeconds, probe.durationSeconds)) continue;
    const { width, height } = frame.image;
    const image: DecodedImage = { format: probe.format, width, height, pixels: frame.image, scale: 1 };
    const faces = await detectFaces(frame.image, 1, []);
    const score = scoreOf(await faceSyntheticSignal(image, faces, { encoder }));
    if (score !== null) scores.push(score);
  }
  return scores;
}

export async function benchSyntheticImages(options: {
  dataDir: string;
  trainDir?: string;
}): Promise<SyntheticImageBench> {
  const { dataDir, trainDir } = options;
  const { encoder, calls } = countingEncoder();
  await encoder.ready();
  const rows = (await readLabels(dataDir)).filter(
    (row) => (row.kind === "image" && row.synthetic !== undefined) || row.kind === "face",
  );
  const perPicture: SyntheticImageBench["perPicture"] = [];
  const cpuMs: number[] = [];
  const callCounts: number[] = [];
  const decisions: { system: string; synthetic: boolean; flagged: boolean }[] = [];
  const swapGenuine: number[] = [];
  const swapSynthetic: number[] = [];
  for (const row of rows) {
    const image = await decodeImage(
      new Uint8Array(await readFile(path.join(dataDir, row.path))),
      defaultLimits,
      defaultLimits.analysisMaxSide,
    );
    const faces = await detectFacesInImage(image, []);
    const before = calls();
    const cpu = cpuSecondsWithExitedChildren();
    const [aiImage, faceSynthetic] = await Promise.all([
      aiImageSignal(image, { encoder }),
      faceSyntheticSignal(image, faces, { encoder }),
    ]);
    cpuMs.push((cpuSecondsWithExitedChildren() - cpu) * 1000);
    callCounts.push(calls() - before);
    const synthetic = row.kind === "image" && row.synthetic === true;
    perPicture.push({ path: row.path, synthetic, aiImage: scoreOf(aiImage), faceSynthetic: scoreOf(faceSynthetic) });
    decisions.push({
      system: systemOf(row.path),
      synthetic,
      flagged: aiImage.status === "present" || faceSynthetic.status === "present",
    });
    const faceScore = scoreOf(faceSynthetic);
    if (row.path.includes("/mesonet/") && faceScore !== null) (synthetic ? swapSynthetic : swapGenuine).push(faceScore);
  }
  const combined = perPicture.map((p) => Math.max(p.aiImage ?? 0, p.faceSynthetic ?? 0));
  const genuine = combined.filter((_, i) => !perPicture[i]?.synthetic);
  const synthetic = combined.filter((_, i) => perPicture[i]?.synthetic);
  const at2 = tprAtFpr(genuine, synthetic, 0.02);
  const signalAuc = (pick: (p: SyntheticImageBench["perPicture"][number]) => number | null) => {
    const scored = perPicture.filter((p) => pick(p) !== null);
    return rocAuc(
      scored.filter((p) => !p.synthetic).map((p) => pick(p) as number),
      scored.filter((p) => p.synthetic).map((p) => pick(p) as number),
    );
  };

  const bySystem: SyntheticImageBench["bySystem"] = {};
  for (const system of new Set(decisions.map((d) => d.system))) {
    const group = decisions.filter((d) => d.system === system);
    for (const kind of [true, false]) {
      const part = group.filter((d) => d.synthetic === kind);
      if (part.length === 0) continue;
      const share = part.filter((d) => d.flagged).length / part.length;
      const name = group.some((d) => d.synthetic !== kind) ? `${system} (${kind ? "synthetic" : "genuine"})` : system;
      bySystem[name] = kind
        ? { n: part.length, recall: round(share) ?? 0 }
        : { n: part.length, falsePositiveRate: round(share) ?? 0 };
    }
  }

  // Face swaps: this set's crops and its genuine video's frames, then the training clips' held-out frames.
  for (const row of (await readLabels(dataDir)).filter((r) => r.kind === "video" && r.synthetic !== undefined)) {
    const scores = await frameCrops(path.join(dataDir, row.path), encoder, () => true);
    (row.synthetic ? swapSynthetic : swapGenuine).push(...scores);
  }
  const aucThisSet = swapSynthetic.length && swapGenuine.length ? rocAuc(swapGenuine, swapSynthetic) : null;
  const trainGenuine: number[] = [];
  const trainSynthetic: number[] = [];
  if (trainDir) {
    const labels = (await readFile(path.join(trainDir, "labels.csv"), "utf8")).trim().split(/\r?\n/).slice(1);
    for (const line of labels.filter((l) => l.startsWith("video/"))) {
      const [file = "", , , synthetic] = line.split(",");
      const scores = await frameCrops(path.join(trainDir, file), encoder, isHeldOutFrame, trainingClipSampling);
      (synthetic === "1" ? trainSynthetic : trainGenuine).push(...scores);
    }
  }
  const allGenuine = [...swapGenuine, ...trainGenuine];
  const allSynthetic = [...swapSynthetic, ...trainSynthetic];
  return {
    pictures: { genuine: genuine.length, synthetic: synthetic.length },
    auc: round(rocAuc(genuine, synthetic)) ?? Number.NaN,
    tprAtFpr2: round(at2.tpr) ?? 0,
    thresholdAtFpr2: round(at2.threshold) ?? Number.NaN,
    atOperatingPoints: {
      recall: round(decisions.filter((d) => d.synthetic && d.flagged).length / synthetic.length) ?? 0,
      falsePositiveRate: round(decisions.filter((d) => !d.synthetic && d.flagged).length / genuine.length) ?? 0,
    },
    bySystem,
    aiImageAuc: round(signalAuc((p) => p.aiImage)) ?? Number.NaN,
    faceSyntheticAuc: round(signalAuc((p) => p.faceSynthetic)) ?? Number.NaN,
    faceSwapAuc: round(aucThisSet),
    faceSwap: {
      crops: { genuine: swapGenuine.length, synthetic: swapSynthetic.length },
      aucHeldOutTrainFrames: trainDir ? round(rocAuc(trainGenuine, trainSynthetic)) : null,
      aucWithHeldOutTrainFrames: trainDir ? round(rocAuc(allGenuine, allSynthetic)) : null,
      heldOutFrames: trainDir
        ? "training face-swap clips, frames at or after 70% of each clip (not fitted on; same clips as fitted frames)"
        : "none (no --train)",
    },
    latencyMs: { p50: round(percentile(cpuMs, 50)) ?? 0, p95: round(percentile(cpuMs, 95)) ?? 0 },
    clipCallsPerPicture: {
      mean: round(callCounts.reduce((s, c) => s + c, 0) / Math.max(1, callCounts.length)) ?? 0,
      max: Math.max(0, ...callCounts),
    },
    perPicture,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { values } = parseArgs({
    options: {
      data: { type: "string", default: labelledDataDir() },
      train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
      out: { type: "string" },
    },
  });
  const result = await benchSyntheticImages({
    dataDir: path.resolve(values.data as string),
    trainDir: values.train ? path.resolve(values.train) : undefined,
  });
  const { perPicture, ...summary } = result;
  console.log(JSON.stringify(summary, null, 2));
  if (values.out) await writeFile(values.out, `${JSON.stringify({ machine: benchMachine(), ...result }, null, 2)}\n`);
}
