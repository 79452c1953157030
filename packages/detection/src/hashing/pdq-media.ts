import { decodeImage, type RgbImage } from "../media/image.js";
import { defaultLimits, type MediaLimits } from "../media/limits.js";
import { sniffMediaType } from "../media/sniff.js";
import { sampleVideo, type VideoFrame } from "../media/video.js";
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

/** The probe of a picture decoded upright at most PDQ_DECODE_MAX_SIDE on its longest side. */
export function pdqProbeOfPicture(pixels: RgbImage): PdqProbe {
  const { quality, hashes } = pdqDihedralHashes({ ...pixels, channels: 3 });
  return { quality, variants: hashes };
}

/**
 * One probe per sampled frame. A repeated frame (sampleVideo gives the same image object again)
 * takes the hashes already computed, at its own time.
 */
export function pdqProbesOfFrames(frames: readonly VideoFrame[]): PdqProbe[] {
  const probes: PdqProbe[] = [];
  let previous: { image: RgbImage; probe: PdqProbe } | undefined;
  for (const frame of frames) {
    const hashed = previous?.image === frame.image ? previous.probe : pdqProbeOfPicture(frame.image);
    probes.push({ ...hashed, frameSeconds: frame.timeSeconds });
    previous = { image: frame.image, probe: hashed };
  }
  return probes;
}

/**
 * The probes of a file decoded for them alone. The detection engine gives the same probes from
 * the pixels it decodes anyway (AnalyseOptions.onPdqProbes), which saves a second decode.
 */
export async function pdqProbesOf(bytes: Uint8Array, limits: MediaLimits = defaultLimits): Promise<PdqProbe[]> {
  const type = sniffMediaType(bytes);
  if (type.kind === "image") {
    const { pixels } = await decodeImage(bytes, limits, PDQ_DECODE_MAX_SIDE);
    return [pdqProbeOfPicture(pixels)];
  }
  if (type.kind === "video") return pdqProbesOfFrames((await sampleVideo(bytes, limits)).frames);
  return [];
}
