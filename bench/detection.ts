/**
 * Detection benchmark: `npm run bench:detection -- --data DIR --out FILE.json [--only face,speaker,clone,provenance]`
 * Scores any folder holding a labels.csv in the form of ../shared/data/labels.csv, prints a
 * Markdown table and writes the numbers as JSON. Face pairs also yield the distance calibration
 * (printed; copy it into packages/detection/src/face/calibration.ts after a refit).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { analyseMedia } from "../packages/detection/src/analyse.js";
import { scoreSynthetic } from "../packages/detection/src/antispoof/index.js";
import { faceDescriptors } from "../packages/detection/src/face/descriptors.js";
import { euclideanDistance, fitCalibration } from "../packages/detection/src/identity.js";
import { decodeAudio } from "../packages/detection/src/media/audio.js";
import { cosineDistance, speakerEmbedding } from "../packages/detection/src/voice/index.js";

interface Row {
  path: string;
  kind: string;
  subject: string;
  synthetic: string;
  declaredSource: string;
}

const repoRoot = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    data: { type: "string", default: process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data") },
    out: { type: "string", default: "bench-detection.json" },
    only: { type: "string" },
  },
});
const dataDir = path.resolve(values.data as string);
const parts = new Set((values.only ?? "face,speaker,clone,provenance").split(","));

function parseLabels(text: string): Row[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = (header ?? "").split(",");
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split(",");
    return {
      path: cells[at("path")] ?? "",
      kind: cells[at("kind")] ?? "",
      subject: cells[at("subject")] ?? "",
      synthetic: cells[at("synthetic")] ?? "",
      declaredSource: cells[at("declared_source")] ?? "",
    };
  });
}

const read = async (row: Row) => new Uint8Array(await readFile(path.join(dataDir, row.path)));

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

const rows = parseLabels(await readFile(path.join(dataDir, "labels.csv"), "utf8"));
const results: Record<string, unknown> = { data: dataDir, date: new Date().toISOString() };
const imageLatencies: number[] = [];

if (parts.has("face")) {
  const faceRows = rows.filter((row) => row.kind === "face" && row.subject);
  const items: { subject: string; value: Float32Array }[] = [];
  let missed = 0;
  for (const row of faceRows) {
    const started = performance.now();
    const faces = await faceDescriptors(await read(row));
    imageLatencies.push(performance.now() - started);
    const largest = faces[0];
    if (largest) items.push({ subject: row.subject, value: largest.descriptor });
    else missed++;
  }
  const { genuine, impostor } = pairs(items, euclideanDistance);
  const at2 = tarAtFar(genuine, impostor, 1e-2);
  const at3 = tarAtFar(genuine, impostor, 1e-3);
  const calibration = fitCalibration(
    { genuine, impostor },
    "euclidean",
    `${dataDir} kind=face, ${items.length} images`,
  );
  results.face = {
    images: faceRows.length,
    noFaceFound: missed,
    pairs: { genuine: genuine.length, impostor: impostor.length },
    tarAtFar1e2: at2?.tar ?? null,
    thresholdAtFar1e2: at2?.threshold ?? null,
    tarAtFar1e3: at3?.tar ?? null,
    thresholdAtFar1e3: at3?.threshold ?? null,
    calibration,
  };
}

const audioTimes: { seconds: number; ms: number }[] = [];

if (parts.has("speaker")) {
  const speechRows = rows.filter(
    (row) => row.kind === "speech" && row.synthetic !== "1" && row.subject.startsWith("libri:"),
  );
  const items: { subject: string; value: Float32Array }[] = [];
  for (const row of speechRows) {
    const audio = await decodeAudio(await read(row));
    const started = performance.now();
    items.push({ subject: row.subject, value: await speakerEmbedding(audio.samples) });
    audioTimes.push({ seconds: audio.durationSeconds, ms: performance.now() - started });
  }
  const { genuine, impostor } = pairs(items, cosineDistance);
  results.speaker = {
    clips: items.length,
    pairs: { genuine: genuine.length, impostor: impostor.length },
    // Distances: lower means same speaker, so negate to make "same" the high score.
    eer: equalErrorRate(
      genuine.map((d) => -d),
      impostor.map((d) => -d),
    ),
  };
}

if (parts.has("clone")) {
  const cloneRows = rows.filter(
    (row) => row.kind === "speech" && row.subject.startsWith("tortoise:") && row.synthetic !== "",
  );
  const synthetic: number[] = [];
  const genuine: number[] = [];
  for (const row of cloneRows) {
    const audio = await decodeAudio(await read(row));
    const started = performance.now();
    const { score } = await scoreSynthetic(audio.samples);
    audioTimes.push({ seconds: audio.durationSeconds, ms: performance.now() - started });
    (row.synthetic === "1" ? synthetic : genuine).push(score);
  }
  results.clone = {
    clips: { synthetic: synthetic.length, genuine: genuine.length },
    eer: equalErrorRate(synthetic, genuine),
  };
}

if (parts.has("provenance")) {
  const imageRows = rows.filter((row) => row.kind === "image" && row.synthetic !== "");
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const perFile: Record<string, unknown>[] = [];
  for (const row of imageRows) {
    const started = performance.now();
    const result = await analyseMedia(await read(row), { enrolled: [] });
    imageLatencies.push(performance.now() - started);
    const predicted = result.synthetic.status === "synthetic";
    const actual = row.synthetic === "1";
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

const totalAudioSeconds = audioTimes.reduce((s, t) => s + t.seconds, 0);
results.latency = {
  imageP50Ms: percentile(imageLatencies, 50),
  imageP95Ms: percentile(imageLatencies, 95),
  images: imageLatencies.length,
  audioRealTimeFactor:
    totalAudioSeconds > 0 ? audioTimes.reduce((s, t) => s + t.ms, 0) / 1000 / totalAudioSeconds : null,
  audioSeconds: totalAudioSeconds,
};
// ru_maxrss is the process's peak resident set in kilobytes.
results.memory = { peakMb: Math.round(process.resourceUsage().maxRSS / 1024) };

const get = (key: string): unknown =>
  key.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], results);
const fmt = (value: unknown) =>
  typeof value === "number" ? (Number.isInteger(value) ? String(value) : value.toFixed(4)) : String(value ?? "n/a");
const table = [
  ["face.tarAtFar1e2", "≥ 0.99 at 1e-3"],
  ["face.tarAtFar1e3", "≥ 0.99"],
  ["face.pairs.genuine", ""],
  ["face.pairs.impostor", ""],
  ["speaker.eer", "≤ 0.05"],
  ["clone.eer", ""],
  ["provenance.precision", ""],
  ["provenance.recall", ""],
  ["latency.imageP50Ms", ""],
  ["latency.imageP95Ms", "≤ 300"],
  ["latency.audioRealTimeFactor", "≤ 0.05"],
  ["memory.peakMb", ""],
];
console.log("| metric | value | goal |\n|---|---|---|");
for (const [key, goal] of table) console.log(`| ${key} | ${fmt(get(key as string))} | ${goal} |`);
if (results.face)
  console.log("\nface calibration:", JSON.stringify((results.face as { calibration: unknown }).calibration));
await writeFile(values.out as string, `${JSON.stringify(results, null, 2)}\n`);
