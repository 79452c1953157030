import { pdqDistance, pdqHash } from "@lg/detection/hashing/pdq";

/**
 * PDQ hashes of the person's own pictures and videos, computed here in the browser with the very
 * code the server matches with (packages/detection/src/hashing/pdq.ts). The pixels are read from a
 * canvas and go nowhere else: only the returned hashes are ever sent.
 */
export interface MediaHash {
  hash: string;
  quality: number;
  source: "image" | "video-frame";
  /** For a video frame: where in the video it was taken. */
  atSeconds?: number;
}

/** One frame a second, at most this many a video: a long video is sampled evenly across its length. */
export const MAX_VIDEO_FRAMES = 60;
/**
 * A frame this close to the last one kept shows the same scene (PDQ's own rule for a faithful copy):
 * registering it again would add nothing a scan could match.
 */
const SAME_SCENE_DISTANCE = 10;

function pixelsOf(source: CanvasImageSource, width: number, height: number) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("This browser cannot read pictures in a canvas");
  context.drawImage(source, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  canvas.width = 0;
  return { data, width, height, channels: 4 as const };
}

export async function hashImageFile(file: Blob): Promise<MediaHash> {
  // Upright as the picture is shown (EXIF orientation applied), as a scan decodes what it finds.
  const bitmap = await createImageBitmap(file);
  try {
    const { hex, quality } = pdqHash(pixelsOf(bitmap, bitmap.width, bitmap.height));
    return { hash: hex, quality, source: "image" };
  } finally {
    bitmap.close();
  }
}

/** The times a video is sampled at: one a second, or MAX_VIDEO_FRAMES spread evenly over a longer one. */
export function sampleTimes(durationSeconds: number): number[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return [0];
  const count = Math.max(1, Math.min(MAX_VIDEO_FRAMES, Math.floor(durationSeconds)));
  const step = durationSeconds / count;
  return Array.from({ length: count }, (_, i) => Math.min(durationSeconds - 0.05, (i + 0.5) * step));
}

const once = (target: EventTarget, event: string) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      target.removeEventListener(event, done);
      target.removeEventListener("error", failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(event, done);
      target.removeEventListener("error", failed);
      reject(new Error("This browser cannot play this video"));
    };
    target.addEventListener(event, done);
    target.addEventListener("error", failed);
  });

/** Hashes of a video's sampled frames, a frame of the same scene as the last one kept left out. */
export async function hashVideoFile(file: Blob): Promise<MediaHash[]> {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  try {
    const loaded = once(video, "loadeddata");
    video.src = url;
    await loaded;
    const hashes: MediaHash[] = [];
    for (const at of sampleTimes(video.duration)) {
      const seeked = once(video, "seeked");
      video.currentTime = at;
      await seeked;
      const { hex, quality } = pdqHash(pixelsOf(video, video.videoWidth, video.videoHeight));
      const last = hashes.at(-1);
      if (last && pdqDistance(last.hash, hex) <= SAME_SCENE_DISTANCE) continue;
      hashes.push({ hash: hex, quality, source: "video-frame", atSeconds: Math.round(at * 10) / 10 });
    }
    return hashes;
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

export const hashMediaFile = async (file: File): Promise<MediaHash[]> =>
  file.type.startsWith("video/") ? hashVideoFile(file) : [await hashImageFile(file)];
