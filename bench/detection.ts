/**
 * Detection benchmark: `npm run bench:detection -- --data DIR --out FILE.json [--train DIR] [--only face,speaker,clone,provenance,synthetic,video] [--merge]`
 * Scores any folder holding a labels.csv in the form of ../shared/data/labels.csv, prints a
 * Markdown table and writes the numbers as JSON. With `--merge`, a partial run (`--only`) replaces
 * only its own parts' keys in an existing FILE.json and records when each part was measured
 * with its timings (`measuredParts`), so a report can be brought up to date one part at a time. Face pairs also yield the distance calibration
 * (printed; copy it into packages/detection/src/face/calibration.ts after a refit).
 *
 * Latency is the CPU time per item of this process and of the processes it waited for (ffmpeg
 * decoding audio, bench/cpu-time.ts): the work the cores do, which stays meaningful on a shared
 * machine where wall-clock time mostly measures the neighbours. onnxruntime runs one thread;
 * wall-clock figures are reported beside it. Audio is reported per stage, decoding included; video
 * per file and per second of footage (frames, audio track and provenance together).
 *
 * Synthetic media: `clone` scores the Whisper voice countermeasure (bench/clone-countermeasure.ts:
 * Tortoise clips by heads fitted without their voice); `synthetic` scores the product's fused
 * synthetic verdict on every labelled picture (syntheticImage.*), the learned picture signals one
 * by one (bench/synthetic-image.ts, bench/explicit-and-faceswap.ts) and the explicit-content
 * classifier's false positives (`intimate`; `intimate.video` the explicit-content video rule on the
 * labelled videos of DIR and TRAIN by source; `video.intimateFalsePositives` the same reading in
 * the product's whole analysis of DIR's videos). `--train DIR` (default ../shared/train when present) also scores
 * its cross-system-test split (YourTTS, XTTS clones never fitted on) against the genuine speech here.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyseMedia } from "@lg/detection/analyse";
import { aasistOperatingPoint } from "@lg/detection/antispoof/calibration";
import { scoreSynthetic } from "@lg/detection/antispoof/index";
import { whyNoReadingCanAddEvidence } from "@lg/detection/antispoof/operating-point";
import { type LabelledFile, readLabels } from "@lg/detection/labelled-data";
import { decodeAudio } from "@lg/detection/media/audio";
import { speakerModel } from "@lg/detection/models/registry";
import { cosineDistance } from "@lg/detection/voice/index";
import { voiceCalibration } from "@lg/detection/voice/matching";
import { analyseSpeech, keepSpeech, normaliseVolume } from "@lg/detection/voice/speech";
import { voiceSyntheticSignal } from "@lg/detection/voice-synthetic/countermeasure";
import { rocAuc, tprAtFpr } from "@lg/fitting/detection-rates";
import { fitCalibration } from "@lg/fitting/distance-calibration";
import { labelledDataDir } from "@lg/fitting/paths";
import { benchCloneCountermeasure } from "./clone-countermeasure.js";
import { cpuSecondsWithExitedChildren } from "./cpu-time.js";
import { benchFaceSwapMesonet, benchIntimate, benchIntimateVideo } from "./explicit-and-faceswap.js";
import { faceStageTimes, faceStress } from "./face-stress.js";
import { benchFaceSwapSbi } from "./face-swap-sbi.js";
import { benchMachine } from "./machine.js";
import { benchSyntheticImages } from "./synthetic-image.js";

type Row = LabelledFile;

const { values } = parseArgs({
  options: {
    data: { type: "string", default: labelledDataDir() },
    out: { type: "string", default: "bench-detection.json" },
    only: { type: "string" },
    train: { type: "string" },
    merge: { type: "boolean", default: false },
  },
});
const dataDir = path.resolve(values.data as string);
const parts = new Set((values.only ?? "face,speaker,clone,provenance,synthetic,video").split(","));
const defaultTrain = path.resolve(dataDir, "../train");
const trainDir = values.train
  ? path.resolve(values.train)
  : existsSync(path.join(defaultTrain, "labels.csv"))
    ? defaultTrain
    : undefined;

/** Who a labelled file shows, as one identity (several people joined as labels.csv writes them). */
const subjectOf = (row: Row) => row.subjects.join(";");

const read = async (row: Row) => new Uint8Array(await readFile(path.join(dataDir, row.path)));

/** CPU (all threads of this process and the children it waited for) and wall-clock milliseconds of one call. */
async function measure<T>(work: () => Promise<T>): Promise<{ value: T; cpuMs: number; wallMs: number }> {
  const cpu = cpuSecondsWithExitedChildren();
  const wall = performance.now();
  const value = await work();
  const cpuMs = (cpuSecondsWithExitedChildren() - cpu) * 1000;
  return { value, cpuMs, wallMs: performance.now() - wall };
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Share of genuine pairs accepted at the tightest distance threshold keeping impostor acceptance ≤ far. */
function tarAtFar(genuine: number[], impostor: number[], far: number): { tar: number; threshold: number } | null {
  if (genuine.length === 0 || impostor.length === 0) return null;
  const sortedImpostor = [...impostor].sort((a, b) => a - b);
  const allowed = Math.floor(far * impostor.length);
  // Accept distances strictly below the (allowed+1)-th smallest impostor distance.
  const threshold = sortedImpostor[allowed] as number;
  return { tar: genuine.filter((d) => d < threshold).length / genuine.length, threshold };
}

/** Equal error rate for scores where higher means "positive". */
function equalErrorRate(positives: number[], negatives: number[]): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  const thresholds = [...new Set([...positives, ...negatives])].sort((a, b) => a - b);
  let best = { gap: Number.POSITIVE_INFINITY, eer: 1 };
  for (const t of thresholds) {
    const frr = positives.filter((s) => s < t).length / positives.length;
    const far = negatives.filter((s) => s >= t).length / negatives.length;
    if (Math.abs(frr - far) < best.gap) best = { gap: Math.abs(frr - far), eer: (frr + far) / 2 };
  }
  return best.eer;
}

function pairs<T>(items: { subject: string; value: T }[], distance: (a: T, b: T) => number) {
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i] as { subject: string; value: T };
      const b = items[j] as { subject: string; value: T };
      (a.subject === b.subject ? genuine : impostor).push(distance(a.value, b.value));
    }
  return { genuine, impostor };
}

const rows = await readLabels(dataDir);
const results: Record<string, unknown> = { data: dataDir, date: new Date().toISOString(), machine: benchMachine() };
const imageCpuMs: number[] = [];
const imageWallMs: number[] = [];

let imagePathWarm = false;

/**
 * The product's whole image analysis (faces, C2PA, XMP, generator metadata, watermark), timed.
 * The first call runs once untimed, so model loading (a cold start) is not counted as latency.
 */
async function analyseImageTimed(row: Row) {
  if (!imagePathWarm) {
    await analyseMedia(await read(row), { enrolled: [] });
    imagePathWarm = true;
  }
  const { value, cpuMs, wallMs } = await measure(async () => analyseMedia(await read(row), { enrolled: [] }));
  imageCpuMs.push(cpuMs);
  imageWallMs.push(wallMs);
  return value;
}

if (parts.has("face")) {
  const faceRows = rows.filter((row) => row.kind === "face" && row.subjects.length > 0);
  const items: { subject: string; value: Float32Array }[] = [];
  let missed = 0;
  for (const row of faceRows) {
    const { faces } = await analyseImageTimed(row);
    const largest = faces.reduce<(typeof faces)[number] | undefined>(
      (best, face) => (!best || face.box.width * face.box.height > best.box.width * best.box.height ? face : best),
      undefined,
    );
    if (largest) items.push({ subject: subjectOf(row), value: largest.descriptor });
    else missed++;
  }
  const { genuine, impostor } = pairs(items, cosineDistance);
  const at2 = tarAtFar(genuine, impostor, 1e-2);
  const at3 = tarAtFar(genuine, impostor, 1e-3);
  const calibration = fitCalibration({ genuine, impostor }, "cosine", `${dataDir} kind=face, ${items.length} images`);
  const photos = await Promise.all(faceRows.map(async (row) => ({ subject: subjectOf(row), bytes: await read(row) })));
  results.face = {
    images: faceRows.length,
    noFaceFound: missed,
    pairs: { genuine: genuine.length, impostor: impostor.length },
    tarAtFar1e2: at2?.tar ?? null,
    thresholdAtFar1e2: at2?.threshold ?? null,
    tarAtFar1e3: at3?.tar ?? null,
    thresholdAtFar1e3: at3?.threshold ?? null,
    calibration,
    stages: await faceStageTimes(photos),
    stress: await faceStress(photos, tarAtFar),
  };
}

/** CPU and wall time per voice stage, over the seconds of audio each stage processed. */
const stages = {
  decode: { cpuMs: 0, wallMs: 0 },
  vad: { cpuMs: 0, wallMs: 0 },
  speakerEmbedding: { cpuMs: 0, wallMs: 0 },
  countermeasure: { cpuMs: 0, wallMs: 0 },
  antispoof: { cpuMs: 0, wallMs: 0 },
};
/** AASIST is computed only while its fitted operating point lets a reading count (voice-path.ts). */
const aasistRuns = whyNoReadingCanAddEvidence(aasistOperatingPoint) === null;
let audioSeconds = 0;

/**
 * The voice path analyseMedia runs on an audio file after decodeRow, stage by stage: Silero VAD,
 * the GE2E embedding of the speech it kept, the Whisper countermeasure over the speech windows, and
 * AASIST only while its operating point lets a reading count. The first call loads the models untimed.
 */
let voicePathWarm = false;

async function voicePathTimed(pcm: Float32Array) {
  if (!voicePathWarm) {
    // Loads the three models untimed, as for images.
    await speakerModel().predict(pcm);
    await analyseSpeech(pcm);
    await voiceSyntheticSignal(pcm, [[0, pcm.length]]);
    if (aasistRuns) await scoreSynthetic(pcm.subarray(0, 16_000));
    voicePathWarm = true;
  }
  audioSeconds += pcm.length / 16_000;
  const vad = await measure(() => analyseSpeech(pcm));
  const speech = vad.value.ranges.length > 0 ? normaliseVolume(keepSpeech(pcm, vad.value.ranges)) : null;
  const embed = await measure(async () => (speech ? (await speakerModel().predict(speech)).embedding : null));
  const countermeasure = await measure(() => voiceSyntheticSignal(pcm, vad.value.ranges));
  const timedStages: [keyof typeof stages, { cpuMs: number; wallMs: number }][] = [
    ["vad", vad],
    ["speakerEmbedding", embed],
    ["countermeasure", countermeasure],
  ];
  if (aasistRuns)
    timedStages.push(["antispoof", await measure(() => scoreSynthetic(pcm, { speech: vad.value.ranges }))]);
  for (const [stage, timed] of timedStages) {
    stages[stage].cpuMs += timed.cpuMs;
    stages[stage].wallMs += timed.wallMs;
  }
  return { embedding: embed.value };
}

/** Decoding as analyseMedia does it (in-process for 16 kHz WAV/FLAC, else an ffmpeg child), timed as the "decode" stage. */
async function decodeRow(row: Row): Promise<Float32Array> {
  const bytes = await read(row);
  const decoded = await measure(() => decodeAudio(bytes));
  stages.decode.cpuMs += decoded.cpuMs;
  stages.decode.wallMs += decoded.wallMs;
  return decoded.value.samples;
}

/** LibriSpeech clips already timed by the speaker part, so the clone part does not time them twice. */
const timedLibrispeech = new Set<string>();
const isLibrispeech = (row: Row) =>
  row.kind === "speech" && row.synthetic !== true && subjectOf(row).startsWith("libri:");

if (parts.has("speaker")) {
  const speechRows = rows.filter(isLibrispeech);
  const items: { subject: string; value: Float32Array }[] = [];
  let noSpeech = 0;
  for (const row of speechRows) {
    const { embedding } = await voicePathTimed(await decodeRow(row));
    timedLibrispeech.add(row.path);
    if (embedding) items.push({ subject: subjectOf(row), value: embedding });
    else noSpeech++;
  }
  const { genuine, impostor } = pairs(items, cosineDistance);
  const at2 = tarAtFar(genuine, impostor, 1e-2);
  const at3 = tarAtFar(genuine, impostor, 1e-3);
  results.speaker = {
    clips: items.length,
    noSpeech,
    pairs: { genuine: genuine.length, impostor: impostor.length },
    // The distances at which different speakers matched at most 1 in 100 / 1 in 1,000 times, with the
    // calibration scans turn distances into confidences by, so a voice match's band can state the rate.
    tarAtFar1e2: at2?.tar ?? null,
    thresholdAtFar1e2: at2?.threshold ?? null,
    tarAtFar1e3: at3?.tar ?? null,
    thresholdAtFar1e3: at3?.threshold ?? null,
    calibration: { metric: voiceCalibration.metric, a: voiceCalibration.a, b: voiceCalibration.b },
    // Distances: lower means same speaker, so negate to make "same" the high score.
    eer: equalErrorRate(
      genuine.map((d) => -d),
      impostor.map((d) => -d),
    ),
  };
}

if (parts.has("clone")) {
  // Latency: every speech clip through the voice path as analyseMedia runs it.
  const cloneRows = rows.filter(
    (row) => row.kind === "speech" && subjectOf(row).startsWith("tortoise:") && row.synthetic !== undefined,
  );
  for (const row of [...cloneRows, ...rows.filter((r) => isLibrispeech(r) && !timedLibrispeech.has(r.path))])
    await voicePathTimed(await decodeRow(row));
  // Accuracy: the countermeasure's calibrated probability per clip, Tortoise clips by heads that never saw their voice.
  const bench = await benchCloneCountermeasure({ dataDir, ...(trainDir ? { trainDir } : {}) });
  results.clone = {
    model: "Whisper-base countermeasure (voice-synthetic): calibrated probability over speech windows",
    ...bench,
    aasist: {
      inScans: aasistRuns,
      note: aasistRuns
        ? "AASIST's operating point beats chance: it runs beside the countermeasure"
        : `AASIST: ${whyNoReadingCanAddEvidence(aasistOperatingPoint)}`,
    },
  };
}

if (parts.has("provenance")) {
  const imageRows = rows.filter((row) => row.kind === "image" && row.synthetic !== undefined);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const perFile: Record<string, unknown>[] = [];
  for (const row of imageRows) {
    const result = await analyseImageTimed(row);
    const predicted = result.synthetic.status === "synthetic";
    const actual = row.synthetic === true;
    if (predicted && actual) tp++;
    if (predicted && !actual) fp++;
    if (!predicted && actual) fn++;
    perFile.push({
      path: row.path,
      synthetic: actual,
      predicted,
      signals: Object.fromEntries(result.signals.map((s) => [s.id, s.status])),
    });
  }
  results.provenance = {
    images: imageRows.length,
    precision: tp + fp > 0 ? tp / (tp + fp) : null,
    recall: tp + fn > 0 ? tp / (tp + fn) : null,
    perFile,
  };
}

/** The folder a labelled picture came from, as per-system figures name it. */
function pictureSystem(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "fake-images")
    return `${parts[1]}${parts.includes("df") ? "/df" : parts.includes("real") ? "/real" : ""}`;
  return parts.slice(0, 2).join("/");
}

/**
 * A level's rate over pictures, overall and by folder (genuine source or generator): how many it
 * flagged of how many.
 */
function levelRates<T extends { system: string }>(pictures: T[], flagged: (p: T) => boolean, noun: string) {
  const rate = (group: T[]) => ({
    [noun]: group.length,
    flagged: group.filter(flagged).length,
    rate: group.length > 0 ? group.filter(flagged).length / group.length : null,
  });
  const systems = [...new Set(pictures.map((p) => p.system))].sort();
  return {
    all: rate(pictures),
    bySource: Object.fromEntries(systems.map((system) => [system, rate(pictures.filter((p) => p.system === system))])),
  };
}

if (parts.has("synthetic")) {
  // The product's fused verdict on every labelled picture (declarations and learned detectors
  // together, as analyseMedia decides), genuine face photos included as negatives.
  const pictureRows = rows.filter(
    (row) => (row.kind === "image" && row.synthetic !== undefined) || row.kind === "face",
  );
  const fused: { system: string; synthetic: boolean; score: number; flagged: boolean; possibly: boolean }[] = [];
  let intimateFlagged = 0;
  for (const row of pictureRows) {
    const result = await analyseImageTimed(row);
    fused.push({
      system: pictureSystem(row.path),
      synthetic: row.synthetic === true,
      score: result.synthetic.score ?? 0,
      flagged: result.synthetic.status === "synthetic",
      possibly: result.synthetic.status === "possibly-synthetic",
    });
    if (result.intimate?.status === "present") intimateFlagged++;
  }
  const genuine = fused.filter((f) => !f.synthetic);
  const synthetic = fused.filter((f) => f.synthetic);
  // A folder may hold both kinds (a C2PA fixture set): recall over its synthetic pictures, false
  // positives over its genuine ones.
  const bySystem: Record<
    string,
    { synthetic?: number; recall?: number; genuine?: number; falsePositiveRate?: number }
  > = {};
  for (const system of new Set(fused.map((f) => f.system))) {
    const share = (rows: typeof fused) => rows.filter((f) => f.flagged).length / rows.length;
    const synthetic = fused.filter((f) => f.system === system && f.synthetic);
    const genuine = fused.filter((f) => f.system === system && !f.synthetic);
    bySystem[system] = {
      ...(synthetic.length > 0 ? { synthetic: synthetic.length, recall: share(synthetic) } : {}),
      ...(genuine.length > 0 ? { genuine: genuine.length, falsePositiveRate: share(genuine) } : {}),
    };
  }
  const atTwoPercent = tprAtFpr(
    genuine.map((f) => f.score),
    synthetic.map((f) => f.score),
    0.02,
  );
  results.syntheticImage = {
    verdict: "analyseMedia's fused synthetic score and status (every signal on)",
    pictures: { genuine: genuine.length, synthetic: synthetic.length },
    auc: rocAuc(
      genuine.map((f) => f.score),
      synthetic.map((f) => f.score),
    ),
    tprAtFpr2: atTwoPercent.tpr,
    atOperatingPoint: {
      recall: synthetic.filter((f) => f.flagged).length / Math.max(1, synthetic.length),
      falsePositiveRate: genuine.filter((f) => f.flagged).length / Math.max(1, genuine.length),
    },
    bySystem,
    // The verdict levels (synthetic-levels.ts): "synthetic" is the status stated as a claim.
    genuineFalsePositiveRate: levelRates(genuine, (f) => f.flagged, "genuine"),
    recallBySystem: levelRates(synthetic, (f) => f.flagged, "synthetic"),
    possiblySynthetic: {
      genuineFalsePositiveRate: levelRates(genuine, (f) => f.flagged || f.possibly, "genuine"),
      recallBySystem: levelRates(synthetic, (f) => f.flagged || f.possibly, "synthetic"),
    },
    signals: await benchSyntheticImages({ dataDir, ...(trainDir ? { trainDir } : {}) }),
  };
  const mesonet = await benchFaceSwapMesonet({ dataDir });
  const signals = (results.syntheticImage as { signals: { faceSwapAuc: number } }).signals;
  // faceSwap.auc is the SBI head alone (issue 25): fitted on no swap, so every swap here is unseen.
  const sbi = await benchFaceSwapSbi({ dataDir });
  results.faceSwap = {
    auc: sbi.auc,
    from: "face-swap-sbi head alone (fitted on self-blended genuine faces): every face-swap picture and video frame against every genuine face",
    sbi,
    faceSyntheticProbeAuc: signals.faceSwapAuc,
    mesonet,
  };
  results.intimate = {
    inAnalysis: { flagged: intimateFlagged, pictures: pictureRows.length },
    ...(await benchIntimate({ dataDir, ...(trainDir ? { trainDir } : {}) })),
    video: await benchIntimateVideo({ dataDir, ...(trainDir ? { trainDir } : {}) }),
  };
}

const videoCpuMs: number[] = [];
let videoSeconds = 0;
let videoCpuTotalMs = 0;
if (parts.has("video")) {
  // The product's whole video analysis: frames at 1 fps through the face path, the audio track
  // through the voice path (anti-spoofing included), container provenance. Warmed up like images.
  const videoRows = rows.filter((row) => row.kind === "video");
  const first = videoRows[0];
  if (first) await analyseMedia(await read(first), { enrolled: [] });
  const scored: {
    path: string;
    synthetic: boolean | undefined;
    score: number | null;
    status: string;
    intimate: string | null;
  }[] = [];
  for (const row of videoRows) {
    const { value, cpuMs } = await measure(async () => analyseMedia(await read(row), { enrolled: [] }));
    videoCpuMs.push(cpuMs);
    videoCpuTotalMs += cpuMs;
    videoSeconds += value.media.durationSeconds ?? 0;
    scored.push({
      path: row.path,
      synthetic: row.synthetic,
      score: value.synthetic.score,
      status: value.synthetic.status,
      // None of these videos is explicit: a "present" here is a false intimate-imagery reading.
      intimate: value.intimate?.status ?? null,
    });
  }
  const genuine = scored.filter((v) => v.synthetic === false).map((v) => v.score ?? 0);
  const synthetic = scored.filter((v) => v.synthetic === true).map((v) => v.score ?? 0);
  results.video = {
    // An AUC needs labelled videos of both kinds; the evaluation set may hold only genuine ones.
    syntheticAuc: genuine.length > 0 && synthetic.length > 0 ? rocAuc(genuine, synthetic) : null,
    falsePositives: scored.filter((v) => v.synthetic === false && v.status === "synthetic").length,
    intimateFalsePositives: { flagged: scored.filter((v) => v.intimate === "present").length, videos: scored.length },
    videos: scored,
  };
}

const rtf = (ms: number) => (audioSeconds > 0 ? ms / 1000 / audioSeconds : null);
const voiceCpuMs = Object.values(stages).reduce((sum, stage) => sum + stage.cpuMs, 0);
const voiceWallMs = Object.values(stages).reduce((sum, stage) => sum + stage.wallMs, 0);
results.latency = {
  clock:
    "CPU time per item of this process and the child processes it waited for (ffmpeg): the cores' work; wall-clock beside it",
  imageP50Ms: percentile(imageCpuMs, 50),
  imageP95Ms: percentile(imageCpuMs, 95),
  imageWallP50Ms: percentile(imageWallMs, 50),
  imageWallP95Ms: percentile(imageWallMs, 95),
  images: imageCpuMs.length,
  audioRealTimeFactor: rtf(voiceCpuMs),
  audioWallRealTimeFactor: rtf(voiceWallMs),
  audioStages: Object.fromEntries(Object.entries(stages).map(([name, stage]) => [name, rtf(stage.cpuMs)])),
  audioSeconds,
  videoP50Ms: percentile(videoCpuMs, 50),
  videoP95Ms: percentile(videoCpuMs, 95),
  videoRealTimeFactor: videoSeconds > 0 ? videoCpuTotalMs / 1000 / videoSeconds : null,
  videos: videoCpuMs.length,
  videoSeconds,
  loadAverage: os.loadavg(),
};
// ru_maxrss is the process's peak resident set in kilobytes.
results.memory = { peakMb: Math.round(process.resourceUsage().maxRSS / 1024) };

const get = (key: string): unknown =>
  key.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], results);
const fmt = (value: unknown): string =>
  typeof value === "number"
    ? Number.isInteger(value)
      ? String(value)
      : value.toFixed(4)
    : value && typeof value === "object"
      ? JSON.stringify(value, (_, v) => (typeof v === "number" && !Number.isInteger(v) ? Number(v.toFixed(3)) : v))
      : String(value ?? "n/a");
const table = [
  ["face.tarAtFar1e2", "≥ 0.99 at 1e-3"],
  ["face.tarAtFar1e3", "≥ 0.99"],
  ["face.pairs.genuine", ""],
  ["face.pairs.impostor", ""],
  ["face.stages.detectMs", ""],
  ["face.stages.embedMs", ""],
  ["face.stages.faceStageMs", "≤ 40"],
  ["face.stress.0.tarAtFar1e3", "(16 px)"],
  ["face.stress.1.tarAtFar1e2", "(12 px)"],
  ["face.stress.1.tarAtFar1e3", "≥ 0.90 (12 px)"],
  ["face.stress.2.tarAtFar1e3", "(10 px)"],
  ["speaker.eer", "≤ 0.05"],
  ["clone.eer", "≤ 0.10"],
  ["clone.eerBySystem", "each ≤ 0.15"],
  ["clone.threshold", ""],
  ["clone.tprAtThreshold", ""],
  ["clone.fprAtThreshold", ""],
  ["clone.crossSystemTest.eer", "(train's YourTTS + XTTS)"],
  ["clone.crossSystemTest.eerBySystem", ""],
  ["syntheticImage.auc", ""],
  ["syntheticImage.tprAtFpr2", "≥ 0.90"],
  ["syntheticImage.atOperatingPoint.recall", ""],
  ["syntheticImage.atOperatingPoint.falsePositiveRate", ""],
  ["syntheticImage.bySystem", ""],
  ["syntheticImage.genuineFalsePositiveRate.all", "≤ 0.01"],
  ["syntheticImage.genuineFalsePositiveRate.bySource", "each ≤ 0.01"],
  ["syntheticImage.recallBySystem.all", "≥ 0.60"],
  ["syntheticImage.recallBySystem.bySource", ""],
  ["syntheticImage.possiblySynthetic.genuineFalsePositiveRate.all", ""],
  ["syntheticImage.possiblySynthetic.recallBySystem.all", ""],
  ["faceSwap.auc", "≥ 0.85 (SBI head alone)"],
  ["faceSwap.sbi.atOperatingPoint.falsePositiveRate", ""],
  ["faceSwap.faceSyntheticProbeAuc", ""],
  ["faceSwap.mesonet.auc", ""],
  ["intimate.falsePositiveRate", ""],
  ["intimate.video.falsePositiveRate", "(genuine videos)"],
  ["intimate.video.bySource", "0 flagged"],
  ["video.intimateFalsePositives", "0 flagged (whole analysis)"],
  ["video.syntheticAuc", ""],
  ["provenance.precision", "1.0"],
  ["provenance.recall", ""],
  ["latency.imageP50Ms", ""],
  ["latency.imageP95Ms", "≤ 300"],
  ["latency.audioRealTimeFactor", "≤ 0.05"],
  ["latency.audioStages.decode", ""],
  ["latency.audioStages.vad", ""],
  ["latency.audioStages.speakerEmbedding", ""],
  ["latency.audioStages.countermeasure", ""],
  ["latency.audioStages.antispoof", ""],
  ["latency.videoP50Ms", ""],
  ["latency.videoP95Ms", ""],
  ["latency.videoRealTimeFactor", ""],
  ["memory.peakMb", ""],
];
console.log("| metric | value | goal |\n|---|---|---|");
for (const [key, goal] of table) console.log(`| ${key} | ${fmt(get(key as string))} | ${goal} |`);
if (results.face)
  console.log("\nface calibration:", JSON.stringify((results.face as { calibration: unknown }).calibration));
/** The report keys each part writes. */
const PART_KEYS: Record<string, string[]> = {
  face: ["face"],
  speaker: ["speaker"],
  clone: ["clone"],
  provenance: ["provenance"],
  synthetic: ["syntheticImage", "faceSwap", "intimate"],
  video: ["video"],
};

/** This run's parts laid over the existing report; the rest of it is kept as it was measured. */
async function merged(fresh: Record<string, unknown>): Promise<Record<string, unknown>> {
  const file = values.out as string;
  if (!existsSync(file)) return fresh;
  const old = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...old };
  const when = (old.measuredParts as Record<string, unknown> | undefined) ?? {};
  for (const part of parts) {
    for (const key of PART_KEYS[part] ?? []) if (key in fresh) out[key] = fresh[key];
    // A partial run's timings cover other items than the report's: kept beside its part, not merged.
    when[part] = { date: fresh.date, machine: fresh.machine, latency: fresh.latency };
  }
  return { ...out, measuredParts: when };
}

await writeFile(values.out as string, `${JSON.stringify(values.merge ? await merged(results) : results, null, 2)}\n`);
