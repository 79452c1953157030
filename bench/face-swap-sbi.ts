/**
 * Benchmarks the SBI face-swap head alone (`faceSwap.auc` of bench:detection; on its own:
 * `npx tsx bench/face-swap-sbi.ts [--data DIR]`): the product's signal (faceSwapSbiSignal on the
 * analysis copy and the detector's faces) on every face swap of DIR against every genuine face of DIR.
 *
 * - Swapped: pictures labelled synthetic whose `system` column (where the set has one) or path names
 *   a face swap (swap, deepfake, FaceForensics, MesoNet's df crops, SimSwap, inswapper, roop), and
 *   the frames (1 fps, as the product samples) of every manipulated video.
 * - Genuine: every genuine picture with a face and the frames of every genuine video.
 * The head never saw any of DIR (its fit reads ../shared/train only). Its fit record
 * (sbi-head.json, fit.unseenSwaps) holds the scores of ../shared/train's swap clips, each measured
 * by a head refitted without that clip's original: the shipped head has those originals' faces in its
 * fit, so scoring them here would not be held out; they are copied into the result as such.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { detectFaces, detectFacesInImage } from "@lg/detection/face/detect-faces";
import { faceSwapSbiSignal, sbiHead } from "@lg/detection/faceswap/sbi-signal";
import { readLabels } from "@lg/detection/labelled-data";
import { type DecodedImage, decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import type { Box } from "@lg/detection/result";
import { rocAuc, shareAtOrAbove } from "@lg/fitting/detection-rates";
import { labelledDataDir } from "@lg/fitting/paths";
import { quantileSummary } from "@lg/fitting/quantiles";

const SWAP_NAMES = /swap|deepfake|faceforensics|mesonet\/test_images\/df\/|simswap|inswapper|roop/i;

export interface FaceSwapSbiBench {
  /** null when the set lacks swaps or genuine faces. */
  auc: number | null;
  swapped: { pictures: number; frames: number };
  genuine: { pictures: number; frames: number };
  /** At the head's "synthetic" level (sbi-head.json operatingPoint). */
  atOperatingPoint: { threshold: number; recall: number | null; falsePositiveRate: number | null };
  /** At each of its verdict levels, with counts; `speaksAt` is the highest the fit lets it state. */
  levels: Record<
    string,
    { threshold: number; genuineFlagged: number; genuine: number; swappedFlagged: number; swapped: number }
  >;
  speaksAt: string | null;
  bySource: Record<string, { n: number; swapped: boolean; flagged: number; meanScore: number }>;
  /** ../shared/train's swap clips, each scored by a head fitted without its original (from the fit). */
  trainClipsLeavePairOut: unknown;
  cpuMsPerFace: { p50: number; p95: number };
}

/** labels.csv's `system` column by path, where the set has one (../shared/train's format). */
async function systemsOf(dataDir: string): Promise<Map<string, string>> {
  const [header = "", ...lines] = (await readFile(path.join(dataDir, "labels.csv"), "utf8")).trim().split(/\r?\n/);
  const at = header.split(",").indexOf("system");
  const out = new Map<string, string>();
  if (at < 0) return out;
  for (const line of lines) {
    const cells = line.split(",");
    out.set(cells[0] ?? "", cells[at] ?? "");
  }
  return out;
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

export async function benchFaceSwapSbi(options: { dataDir: string }): Promise<FaceSwapSbiBench> {
  const { dataDir } = options;
  const systems = await systemsOf(dataDir);
  const scored: { source: string; swapped: boolean; frame: boolean; score: number; flagged: boolean }[] = [];
  const cpuMs: number[] = [];
  const read = async (image: DecodedImage, faces: { box: Box }[]) => {
    const start = process.cpuUsage();
    const signal = await faceSwapSbiSignal(image, faces);
    const used = process.cpuUsage(start);
    if (signal.status === "unknown" || signal.score === undefined) return null;
    cpuMs.push((used.user + used.system) / 1000);
    return { score: signal.score, flagged: signal.status === "present" };
  };
  for (const row of await readLabels(dataDir)) {
    if (row.synthetic === undefined || row.kind === "speech") continue;
    const file = path.join(dataDir, row.path);
    const source = row.path.split("/").slice(0, 2).join("/");
    if (row.kind === "video") {
      const { probe, frames } = await sampleVideo(new Uint8Array(await readFile(file)), defaultLimits);
      for (const frame of frames) {
        const { width, height } = frame.image;
        const image: DecodedImage = { format: probe.format, width, height, pixels: frame.image, scale: 1 };
        const reading = await read(image, await detectFaces(frame.image, 1, []));
        if (reading) scored.push({ source, swapped: row.synthetic, frame: true, ...reading });
      }
      continue;
    }
    const isSwap = SWAP_NAMES.test(`${systems.get(row.path) ?? ""} ${row.path}`);
    // Generated (not swapped) pictures are the ai-image and face-synthetic signals' business.
    if (row.synthetic && !isSwap) continue;
    const image = await decodeImage(new Uint8Array(await readFile(file)), defaultLimits, defaultLimits.analysisMaxSide);
    const reading = await read(image, await detectFacesInImage(image, []));
    if (reading) scored.push({ source, swapped: row.synthetic, frame: false, ...reading });
  }
  const swapped = scored.filter((s) => s.swapped);
  const genuine = scored.filter((s) => !s.swapped);
  const bySource: FaceSwapSbiBench["bySource"] = {};
  for (const source of new Set(scored.map((s) => `${s.source}${s.swapped ? " (swapped)" : ""}`))) {
    const part = scored.filter((s) => `${s.source}${s.swapped ? " (swapped)" : ""}` === source);
    bySource[source] = {
      n: part.length,
      swapped: part[0]?.swapped ?? false,
      flagged: part.filter((s) => s.flagged).length,
      meanScore: round(part.reduce((sum, s) => sum + s.score, 0) / part.length),
    };
  }
  const threshold = sbiHead.operatingPoint.threshold;
  const latency = quantileSummary(cpuMs.length ? cpuMs : [0], { p50: 0.5, p95: 0.95 }, 1);
  return {
    auc:
      swapped.length && genuine.length
        ? round(
            rocAuc(
              genuine.map((s) => s.score),
              swapped.map((s) => s.score),
            ),
          )
        : null,
    swapped: { pictures: swapped.filter((s) => !s.frame).length, frames: swapped.filter((s) => s.frame).length },
    genuine: { pictures: genuine.filter((s) => !s.frame).length, frames: genuine.filter((s) => s.frame).length },
    atOperatingPoint: {
      threshold,
      recall: swapped.length
        ? round(
            shareAtOrAbove(
              swapped.map((s) => s.score),
              threshold,
            ),
          )
        : null,
      falsePositiveRate: genuine.length
        ? round(
            shareAtOrAbove(
              genuine.map((s) => s.score),
              threshold,
            ),
          )
        : null,
    },
    levels: Object.fromEntries(
      Object.entries(sbiHead.levels ?? {}).map(([name, level]) => [
        name,
        {
          threshold: level.threshold,
          genuineFlagged: genuine.filter((s) => s.score >= level.threshold).length,
          genuine: genuine.length,
          swappedFlagged: swapped.filter((s) => s.score >= level.threshold).length,
          swapped: swapped.length,
        },
      ]),
    ),
    speaksAt: sbiHead.speaksAt ?? null,
    bySource,
    trainClipsLeavePairOut: Object.fromEntries(
      Object.entries((sbiHead.fit.unseenSwaps as { bySet?: Record<string, unknown> } | undefined)?.bySet ?? {}).filter(
        ([set]) => set.startsWith("train-clips"),
      ),
    ),
    cpuMsPerFace: { p50: latency.p50 as number, p95: latency.p95 as number },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { data: { type: "string", default: labelledDataDir() } } });
  console.log(JSON.stringify(await benchFaceSwapSbi({ dataDir: path.resolve(values.data as string) }), null, 2));
}
