import type { Point } from "@lg/detection/face/yunet";
import type { RgbImage } from "@lg/detection/media/image";
import type { Box } from "@lg/detection/result";

/**
 * Self-Blended Images (Shiohara & Yamasaki, CVPR 2022), for fitting only (scripts/fit-face-swap-sbi.ts,
 * never at scan time): a genuine face blended with a slightly transformed copy of itself, so the
 * result carries what every face swap leaves (a blending boundary, a colour and sharpness mismatch
 * between the inner face and its surroundings) without any swap method's own fingerprint.
 *
 * The source copy gets colour jitter (channel gains and shifts, brightness, contrast), a small scale
 * and translation, and a resolution loss (downscaled, then read back bilinearly), as a swap's
 * generated face is rendered at a lower resolution and pasted. The mask is a face outline built
 * from YuNet's 5 landmarks (eyes, nose, mouth corners; the paper used 81 dlib points) with its
 * extent, blur and erosion jittered, scaled by a blend ratio.
 */

export interface SelfBlendParameters {
  /** Per channel gain and shift of the source copy. */
  gain: [number, number, number];
  shift: [number, number, number];
  contrast: number;
  /** Source scale about the face centre, and translation as a share of the eye-to-mouth distance. */
  scale: number;
  translate: [number, number];
  /** Source read back from a copy downscaled by this factor (1 = no loss). */
  resolution: number;
  /** Face-outline extent (1 = forehead to chin, cheek to cheek) and its per-point jitter. */
  extent: number;
  outlineJitter: number[];
  /** Mask blur radii (box blur, pixels as a share of the eye distance) and erosion (< 0) or dilation (> 0). */
  blur: [number, number];
  erosion: number;
  /** Highest mask value: 1 pastes the source, lower keeps some of the target. */
  blendRatio: number;
}

/** The face outline in face coordinates: across = eye-to-eye vector, down = eye-centre-to-mouth-centre vector. */
const OUTLINE: [number, number][] = [
  [0, -0.85],
  [0.75, -0.6],
  [1.0, 0.3],
  [0.85, 1.1],
  [0.4, 1.6],
  [-0.4, 1.6],
  [-0.85, 1.1],
  [-1.0, 0.3],
  [-0.75, -0.6],
];

export function randomBlendParameters(random: () => number): SelfBlendParameters {
  const between = (low: number, high: number) => low + (high - low) * random();
  const ratios = [0.5, 0.75, 1, 1, 1];
  return {
    gain: [between(0.95, 1.05), between(0.95, 1.05), between(0.95, 1.05)],
    shift: [between(-8, 8), between(-8, 8), between(-8, 8)],
    contrast: between(0.9, 1.1),
    scale: between(0.95, 1.05),
    translate: [between(-0.04, 0.04), between(-0.04, 0.04)],
    resolution: random() < 0.2 ? 1 : between(0.35, 0.9),
    extent: between(0.6, 1.1),
    outlineJitter: OUTLINE.map(() => between(-0.12, 0.12)),
    blur: [between(0.03, 0.2), between(0.01, 0.08)],
    erosion: between(-0.3, 0.3),
    blendRatio: ratios[Math.min(ratios.length - 1, Math.floor(random() * ratios.length))] as number,
  };
}

const clamp = (v: number, low: number, high: number) => (v < low ? low : v > high ? high : v);

function pointInPolygon(x: number, y: number, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as Point;
    const b = polygon[j] as Point;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Separable box blur of a width×height float map, radius r (r = 0 leaves it). */
function boxBlur(map: Float64Array, width: number, height: number, r: number): void {
  if (r < 1) return;
  const line = new Float64Array(Math.max(width, height));
  for (let pass = 0; pass < 2; pass++) {
    const [outer, inner, step, stride] = pass === 0 ? [height, width, 1, width] : [width, height, width, 1];
    for (let o = 0; o < outer; o++) {
      const base = o * stride;
      for (let i = 0; i < inner; i++) line[i] = map[base + i * step] as number;
      let sum = 0;
      let count = 0;
      for (let i = -r; i <= r; i++)
        if (i >= 0 && i < inner) {
          sum += line[i] as number;
          count++;
        }
      for (let i = 0; i < inner; i++) {
        map[base + i * step] = sum / count;
        const leaving = i - r;
        const entering = i + r + 1;
        if (leaving >= 0) {
          sum -= line[leaving] as number;
          count--;
        }
        if (entering < inner) {
          sum += line[entering] as number;
          count++;
        }
      }
    }
  }
}

/** The picture with its face replaced by a transformed copy of itself, and the blend mask (region-local). */
export function selfBlend(
  image: RgbImage,
  face: { box: Box; landmarks: Point[] },
  p: SelfBlendParameters,
): { image: RgbImage; region: Box } {
  const [leftEye, rightEye, , mouthLeft, mouthRight] = face.landmarks as [Point, Point, Point, Point, Point];
  const eyes = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const mouth = { x: (mouthLeft.x + mouthRight.x) / 2, y: (mouthLeft.y + mouthRight.y) / 2 };
  const across = { x: rightEye.x - leftEye.x, y: rightEye.y - leftEye.y };
  const down = { x: mouth.x - eyes.x, y: mouth.y - eyes.y };
  const eyeDistance = Math.hypot(across.x, across.y) || face.box.width / 3;
  const unit = Math.max(eyeDistance, Math.hypot(down.x, down.y));
  const centre = { x: eyes.x + 0.5 * down.x, y: eyes.y + 0.5 * down.y };
  const outline = OUTLINE.map(([a, b], i) => {
    const k = p.extent * (1 + (p.outlineJitter[i] ?? 0));
    const fa = a * k;
    const fb = 0.5 + (b - 0.5) * k;
    return { x: eyes.x + fa * across.x + fb * down.x, y: eyes.y + fa * across.y + fb * down.y };
  });
  const blurPx = [Math.round(p.blur[0] * eyeDistance), Math.round(p.blur[1] * eyeDistance)];
  const margin = blurPx[0]! + blurPx[1]! + 2;
  const xs = outline.map((q) => q.x);
  const ys = outline.map((q) => q.y);
  const x0 = clamp(Math.floor(Math.min(...xs)) - margin, 0, image.width - 1);
  const y0 = clamp(Math.floor(Math.min(...ys)) - margin, 0, image.height - 1);
  const x1 = clamp(Math.ceil(Math.max(...xs)) + margin, x0 + 1, image.width);
  const y1 = clamp(Math.ceil(Math.max(...ys)) + margin, y0 + 1, image.height);
  const width = x1 - x0;
  const height = y1 - y0;

  const mask = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) mask[y * width + x] = pointInPolygon(x0 + x + 0.5, y0 + y + 0.5, outline) ? 1 : 0;
  boxBlur(mask, width, height, blurPx[0]!);
  // Erosion pulls the 0.5 contour inwards, dilation outwards, before the second (softening) blur.
  for (let i = 0; i < mask.length; i++)
    mask[i] =
      p.erosion < 0
        ? clamp(((mask[i] as number) + p.erosion) / (1 + p.erosion), 0, 1)
        : clamp((mask[i] as number) / (1 - p.erosion), 0, 1);
  boxBlur(mask, width, height, blurPx[1]!);

  // The source: the region (with its margin) colour-jittered, at reduced resolution.
  const sourceWidth = Math.max(2, Math.round(image.width * p.resolution));
  const sourceHeight = Math.max(2, Math.round(image.height * p.resolution));
  const fx = image.width / sourceWidth;
  const fy = image.height / sourceHeight;
  // Area average of the full-resolution pixels each low-resolution pixel covers.
  const lowRes = new Float64Array(sourceWidth * sourceHeight * 3);
  for (let sy = 0; sy < sourceHeight; sy++)
    for (let sx = 0; sx < sourceWidth; sx++) {
      const ax = Math.floor(sx * fx);
      const ay = Math.floor(sy * fy);
      const bx = Math.max(ax + 1, Math.min(image.width, Math.floor((sx + 1) * fx)));
      const by = Math.max(ay + 1, Math.min(image.height, Math.floor((sy + 1) * fy)));
      const area = (bx - ax) * (by - ay);
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let v = ay; v < by; v++)
          for (let u = ax; u < bx; u++) sum += image.data[(v * image.width + u) * 3 + c] as number;
        lowRes[(sy * sourceWidth + sx) * 3 + c] = sum / area;
      }
    }
  const lowResCached = (sx: number, sy: number, c: number) => lowRes[(sy * sourceWidth + sx) * 3 + c] as number;
  const sample = (x: number, y: number, c: number): number => {
    const sx = clamp(x / fx - 0.5, 0, sourceWidth - 1);
    const sy = clamp(y / fy - 0.5, 0, sourceHeight - 1);
    const ix = Math.min(Math.floor(sx), sourceWidth - 2);
    const iy = Math.min(Math.floor(sy), sourceHeight - 2);
    const tx = sx - ix;
    const ty = sy - iy;
    return (
      (1 - ty) * ((1 - tx) * lowResCached(ix, iy, c) + tx * lowResCached(ix + 1, iy, c)) +
      ty * ((1 - tx) * lowResCached(ix, iy + 1, c) + tx * lowResCached(ix + 1, iy + 1, c))
    );
  };

  const out = new Uint8Array(image.data);
  const tx = p.translate[0] * unit;
  const ty = p.translate[1] * unit;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const m = (mask[y * width + x] as number) * p.blendRatio;
      if (m <= 0) continue;
      const px = x0 + x + 0.5;
      const py = y0 + y + 0.5;
      const sx = centre.x + (px - centre.x - tx) / p.scale;
      const sy = centre.y + (py - centre.y - ty) / p.scale;
      const at = ((y0 + y) * image.width + x0 + x) * 3;
      for (let c = 0; c < 3; c++) {
        const source = clamp(((sample(sx, sy, c) - 128) * p.contrast + 128) * p.gain[c]! + p.shift[c]!, 0, 255);
        out[at + c] = Math.round(m * source + (1 - m) * (image.data[at + c] as number));
      }
    }
  return { image: { data: out, width: image.width, height: image.height }, region: { x: x0, y: y0, width, height } };
}
