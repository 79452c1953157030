import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { resolveMediaTool } from "@lg/detection/media/ffmpeg";
import sharp, { type Sharp } from "sharp";

/**
 * The edited copies a leaked intimate picture is typically re-posted as, made from the original's
 * bytes: what the registered-image tests and bench:hashes plant, and what matching must still find.
 */
export type CopyEdit = "re-encoded" | "resized" | "cropped-10%" | "mirrored" | "video-frame";
export const COPY_EDITS: readonly CopyEdit[] = ["re-encoded", "resized", "cropped-10%", "mirrored", "video-frame"];

const run = promisify(execFile);

/** A two-second H.264 MP4 showing the picture (a frame of a video, as a re-upload to a video site). */
async function asVideo(jpeg: Uint8Array): Promise<Uint8Array> {
  const ffmpeg = resolveMediaTool("ffmpeg");
  if (!ffmpeg) throw new Error("ffmpeg is needed to make a video copy");
  const dir = await mkdtemp(path.join(tmpdir(), "lg-copy-"));
  try {
    await writeFile(path.join(dir, "in.jpg"), jpeg);
    await run(ffmpeg.path, [
      ...["-v", "error", "-loop", "1", "-i", path.join(dir, "in.jpg"), "-t", "2", "-r", "5"],
      ...[
        "-vf",
        "scale=trunc(iw/2)*2:trunc(ih/2)*2",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        path.join(dir, "out.mp4"),
      ],
    ]);
    return new Uint8Array(await readFile(path.join(dir, "out.mp4")));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function editedCopy(original: Uint8Array, edit: CopyEdit): Promise<Uint8Array> {
  const image = sharp(original).rotate();
  const stored = await sharp(original).metadata();
  // EXIF orientations 5-8 turn the picture a quarter: its upright sides are the stored ones swapped.
  const turned = (stored.orientation ?? 1) >= 5;
  const width = (turned ? stored.height : stored.width) ?? 0;
  const height = (turned ? stored.width : stored.height) ?? 0;
  const jpeg = async (pipeline: Sharp, quality = 75) => new Uint8Array(await pipeline.jpeg({ quality }).toBuffer());
  switch (edit) {
    case "re-encoded":
      return jpeg(image, 40);
    case "resized":
      return jpeg(image.resize({ width: Math.round(width / 2) }));
    case "cropped-10%": {
      // 5% off each side: the copy keeps 90% of the width and of the height.
      const dx = Math.round(width * 0.05);
      const dy = Math.round(height * 0.05);
      return jpeg(image.extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy }));
    }
    case "mirrored":
      return jpeg(image.flop());
    case "video-frame":
      return asVideo(await jpeg(image, 90));
  }
}
