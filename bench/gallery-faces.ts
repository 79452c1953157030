import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { faceCalibration } from "@lg/detection/face/calibration";
import { faceDescriptors } from "@lg/detection/face/descriptors";
import { readLabels } from "@lg/detection/labelled-data";
import { cosineDistance } from "@lg/detection/voice/matching";
import { type MatchRule, normalQuantile } from "@lg/domain/gallery/match-rule";

/** One real face's SFace embedding with its identity label. */
export interface RealFace {
  subject: string;
  file: string;
  embedding: Float32Array;
}

/**
 * SFace embeddings of every labelled one-person face photo in the given folders (../shared/data's
 * kind=face photos and ../shared/train's studio portraits, two each of 102 people): the largest face
 * of each photo. Cached in the OS temp folder, never in the repository (they are biometric data of
 * third parties; only the statistics the benchmark derives from them are written out).
 */
export async function realFaceEmbeddings(folders: string[]) {
  const cache = path.join(os.tmpdir(), "lg-bench-gallery", "sface-real-faces.json");
  if (existsSync(cache)) {
    const cached = JSON.parse(await readFile(cache, "utf8")) as {
      subject: string;
      file: string;
      embedding: number[];
    }[];
    return cached.map((f) => ({ ...f, embedding: Float32Array.from(f.embedding) }));
  }
  const faces: RealFace[] = [];
  for (const dir of folders) {
    if (!existsSync(path.join(dir, "labels.csv"))) continue;
    for (const row of await readLabels(dir)) {
      const subject = row.subjects[0];
      // The studio portraits are labelled kind=image (their folder serves the synthetic-image checks too).
      const onePerson = row.kind === "face" || (row.kind === "image" && subject?.startsWith("webmorph:"));
      if (!onePerson || row.subjects.length !== 1 || row.synthetic === true || !subject) continue;
      const [largest] = await faceDescriptors(await readFile(path.join(dir, row.path)));
      if (largest) faces.push({ subject, file: row.path, embedding: largest.descriptor });
    }
  }
  await mkdir(path.dirname(cache), { recursive: true });
  await writeFile(cache, JSON.stringify(faces.map((f) => ({ ...f, embedding: Array.from(f.embedding) }))));
  return faces;
}

/** The cosine distances of every pair of real faces: the same person's (genuine) and different people's (impostor). */
export function realPairDistances(real: RealFace[]): { genuine: number[]; impostor: number[] } {
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < real.length; i++)
    for (let j = i + 1; j < real.length; j++) {
      const a = real[i] as RealFace;
      const b = real[j] as RealFace;
      (a.subject === b.subject ? genuine : impostor).push(cosineDistance(a.embedding, b.embedding));
    }
  return { genuine, impostor };
}

export const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

export const round = (x: number, digits = 4) => Number(x.toFixed(digits));

/** A benchmark's latencies as p50 / p95 in ms and how many. */
export const latency = (ms: number[]) => ({
  p50: round(quantile(ms, 0.5), 2),
  p95: round(quantile(ms, 0.95), 2),
  n: ms.length,
});

export const meanSd = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { mean, sd: Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) };
};

/** What the face model is calibrated to: the real impostor distances' mean and spread, the genuine median. */
export function calibrationTarget(pairs: { genuine: number[]; impostor: number[] }) {
  const bulk = meanSd(pairs.impostor);
  return { impostorMean: bulk.mean, impostorSd: bulk.sd, genuineMedian: quantile(pairs.genuine, 0.5) };
}

/**
 * The face rule the gallery benches measure against: an impostor normal fitted to the tail a threshold
 * lives in, not the bulk (it passes through the measured 1-in-100 and 1-in-1,000 quantiles of the real
 * impostor distances and extrapolates below them), beside the shipped pair threshold. `normal` is the
 * fit unrounded; the rule carries it rounded, as the product's rules do.
 */
export function tailFittedFaceRule(impostor: number[]): { normal: { mean: number; sd: number }; rule: MatchRule } {
  const [q2, q3] = [quantile(impostor, 1e-2), quantile(impostor, 1e-3)];
  const [z2, z3] = [normalQuantile(1e-2), normalQuantile(1e-3)];
  const sd = (q2 - q3) / (z2 - z3);
  const normal = { mean: q2 - z2 * sd, sd };
  return {
    normal,
    rule: {
      pairThreshold: faceCalibration.threshold,
      impostor: { mean: round(normal.mean), sd: round(normal.sd), pairs: impostor.length, source: "bench:gallery" },
    },
  };
}
