import { decodeImage, type RgbImage } from "../media/image.js";
import { type MediaLimits, resolveLimits } from "../media/limits.js";
import type { Box } from "../result.js";
import { type EnrolmentGates, type EnrolmentInspection, inspectDecoded } from "./enrolment.js";

/**
 * One camera frame of the live check: the enrolment gates, and the colour of two regions the
 * illumination challenge compares (domain biometrics/screen-light.ts). The face region is the
 * cheeks, nose and mouth (the middle half of the box's width, 35-80% of its height), skin that
 * faces the screen, without eyes, brows or hair. The background is what lies just beside the head at
 * its height, 0.9 to 1.6 face-widths from its centre: for a person, the room behind them, far from
 * the screen; for a picture held up to the camera, the picture's own background, as near the screen
 * as its face. Pixels are read in memory from the analysis copy and kept nowhere.
 */

export type Rgb = [number, number, number];
export interface FrameLight {
  face: Rgb;
  background: Rgb;
}
export interface LiveFrameInspection extends EnrolmentInspection {
  /** Null when no single face was found. */
  light: FrameLight | null;
}

/** Mean colour of the pixels of `image` (analysis pixels) that `inside(x, y)` keeps; black when none. */
function meanColour(image: RgbImage, rows: [number, number], inside: (x: number) => boolean): Rgb {
  const sum: Rgb = [0, 0, 0];
  let count = 0;
  const [top, bottom] = [Math.max(0, Math.floor(rows[0])), Math.min(image.height, Math.ceil(rows[1]))];
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!inside(x)) continue;
      const i = (y * image.width + x) * 3;
      sum[0] += image.data[i] ?? 0;
      sum[1] += image.data[i + 1] ?? 0;
      sum[2] += image.data[i + 2] ?? 0;
      count++;
    }
  }
  return count === 0 ? [0, 0, 0] : [sum[0] / count, sum[1] / count, sum[2] / count];
}

/** The face's and background's mean colours; `box` is in the analysis copy's pixels. */
export function frameLight(image: RgbImage, box: Box): FrameLight {
  const centre = box.x + box.width / 2;
  const face = meanColour(
    image,
    [box.y + 0.35 * box.height, box.y + 0.8 * box.height],
    (x) => x >= box.x + 0.25 * box.width && x < box.x + 0.75 * box.width,
  );
  const background = meanColour(image, [box.y, box.y + box.height], (x) => {
    const off = Math.abs(x - centre);
    return off >= 0.9 * box.width && off < 1.6 * box.width;
  });
  return { face, background };
}

export async function inspectLiveFrame(
  bytes: Uint8Array,
  options: { gates?: Partial<EnrolmentGates>; limits?: Partial<MediaLimits> } = {},
): Promise<LiveFrameInspection> {
  const limits = resolveLimits(options.limits);
  const image = await decodeImage(bytes, limits, limits.analysisMaxSide);
  const inspection = await inspectDecoded(image, options.gates);
  const face = inspection.faces.length === 1 ? inspection.faces[0] : undefined;
  if (!face) return { ...inspection, light: null };
  const { x, y, width, height } = face.box;
  const scaled = { x: x * image.scale, y: y * image.scale, width: width * image.scale, height: height * image.scale };
  return { ...inspection, light: frameLight(image.pixels, scaled) };
}
