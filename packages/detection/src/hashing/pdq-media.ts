import { decodeImage } from "../media/image.js";
import { defaultLimits, type MediaLimits } from "../media/limits.js";
import { sniffMediaType } from "../media/sniff.js";
import { sampleVideo } from "../media/video.js";
import { type PdqDihedralVariant, pdqDihedralHashes } from "./pdq.js";

/**
 * The PDQ probes of a found picture or video: the picture's hash, or each sampled frame's, each in
 * the eight rotations and flips PDQ defines, so a mirrored or turned copy of a registered image
 * matches its hash. Pictures are decoded upright and scaled to at most PDQ_DECODE_MAX_SIDE first:
 * PDQ blurs down to 64x64 anyway, so the scale costs nothing in bits and bounds the CPU.
 */
export const PDQ_DECODE_MAX_SIDE = 1024;

export interface PdqProbe {
  quality: number;
  /** The frame's time in a video; absent for a picture. */
  frameSeconds?: number;
  variants: Record<PdqDihedralVariant, string>;
}

export async function pdqProbesOf(bytes: Uint8Array, limits: MediaLimits = defaultLimits): Promise<PdqProbe[]> {
  const type = sniffMediaType(bytes);
  if (type.kind === "image") {
    const { pixels } = await decodeImage(bytes, limits, PDQ_DECODE_MAX_SIDE);
    const { quality, hashes } = pdqDihedralHashes({ ...pixels, channels: 3 });
    return [{ quality, variants: hashes }];
  }
  if (type.kind === "video") {
    const { frames } = await sampleVideo(bytes, limits);
    return frames.map((frame) => {
      const { quality, hashes } = pdqDihedralHashes({ ...frame.image, channels: 3 });
      return { quality, frameSeconds: frame.timeSeconds, variants: hashes };
    });
  }
  return [];
}
