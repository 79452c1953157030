import { censoredPreview } from "@lg/detection/media/censored-preview";
import { pinnedInput, runTool, withTemporaryFile } from "@lg/detection/media/ffmpeg";
import { sniffMediaType } from "@lg/detection/media/sniff";

/** A still of a frame at 480 px is a few tens of KB; anything near this is not one JPEG. */
const MAX_STILL_BYTES = 5 * 1024 * 1024;

/**
 * Censored stills of a video at the given times (ffmpeg seeks, one JPEG each, then the same blur
 * as every other preview), so a person sees which moments the verdict rests on and never the
 * original frames.
 */
export async function censoredVideoFrames(video: Uint8Array, timesSeconds: number[]): Promise<Uint8Array[]> {
  const type = sniffMediaType(video);
  if (type.kind !== "video") return [];
  return withTemporaryFile(video, async (file) => {
    const stills: Uint8Array[] = [];
    for (const time of timesSeconds) {
      const jpeg = await runTool({
        tool: "ffmpeg",
        args: [
          "-hide_banner",
          "-nostdin",
          "-loglevel",
          "error",
          "-ss",
          time.toFixed(3),
          ...pinnedInput(type.format, file),
          "-an",
          "-frames:v",
          "1",
          "-f",
          "image2pipe",
          "-vcodec",
          "mjpeg",
          "pipe:1",
        ],
        format: type.format,
        maxOutputBytes: MAX_STILL_BYTES,
      });
      stills.push(await censoredPreview(new Uint8Array(jpeg)));
    }
    return stills;
  });
}
