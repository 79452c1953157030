import sharp from "sharp";
import type { PoseFrame } from "./live-frames.js";

/**
 * Renders of presentation attacks on the live check, made from real photos at test time: what a
 * camera sees when someone holds a screen or a printed photo up to it instead of their face. Each
 * changes a frame's pixels the way the medium does; none reacts to the page's screen colours the way
 * a face does, which is what the live check's illumination challenge looks for.
 */

type Pixels = { data: Uint8Array; width: number; height: number };

/** A pose photo mirrored left to right: a turn one way made from a photo turned the other way. */
export async function mirrored(photo: PoseFrame, frameWidth: number): Promise<PoseFrame> {
  const bytes = new Uint8Array(await sharp(photo.bytes).flop().jpeg({ quality: 90 }).toBuffer());
  const box = { ...photo.box, x: frameWidth - photo.box.x - photo.box.width };
  return { file: `${photo.file} (mirrored)`, yawDegrees: -photo.yawDegrees, bytes, box };
}

/** A deterministic pseudo-random number in [0, 1) from integers (a hash), so renders repeat exactly. */
function noise(a: number, b: number, c = 0) {
  let h = (a * 374761393 + b * 668265263 + c * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * A frame of video shown on a monitor and filmed: the picture scaled into the screen inside a dark
 * bezel, the display's gamma, the moiré of the camera's pixel grid beating with the screen's, and
 * the glass reflecting the room's light, the page's screen colour among it, evenly over the screen.
 */
export function filmedScreen(frame: Pixels, colour: readonly number[], n: number): Pixels {
  const { width, height } = frame;
  const out = new Uint8Array(frame.data.length);
  const screen = { x: Math.round(width * 0.08), y: Math.round(height * 0.08), scale: 0.84 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const sx = Math.floor((x - screen.x) / screen.scale);
      const sy = Math.floor((y - screen.y) / screen.scale);
      const onScreen = sx >= 0 && sy >= 0 && sx < width && sy < height;
      const moire = 9 * Math.sin(0.9 * x + 0.35 * y + 0.2 * n) * Math.sin(0.07 * x - 0.11 * y);
      for (let c = 0; c < 3; c++) {
        const shown = onScreen ? 255 * ((frame.data[(sy * width + sx) * 3 + c] ?? 0) / 255) ** 0.85 + moire : 22;
        // The glass takes the same faint share of the page's colour everywhere on the monitor.
        out[o + c] = Math.max(0, Math.min(255, Math.round(shown * (1 + 0.08 * (colour[c] ?? 0)))));
      }
    }
  }
  return { data: out, width, height };
}

/**
 * A printed photo held up to the camera, tilted by `tilt` (its near edge larger, in perspective):
 * paper texture and the print's lower contrast, lit evenly by the page's screen colour since the
 * sheet is flat and all of it is as close to the screen; the room beyond its edges barely lit.
 */
export function heldPrint(photo: Pixels, colour: readonly number[], tilt: number): Pixels {
  const { width, height } = photo;
  const out = new Uint8Array(photo.data.length);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      // Inverse of the tilt's perspective: which point of the flat print this pixel shows.
      const a = (x - cx) * 1.1;
      const d = a / (1 - (tilt * a) / width);
      const sx = Math.round(cx + d);
      const sy = Math.round(cy + (y - cy) * 1.1 * (1 + (tilt * d) / width));
      const onPrint = sx >= 0 && sy >= 0 && sx < width && sy < height;
      const grain = 14 * (noise(sx, sy) - 0.5);
      for (let c = 0; c < 3; c++) {
        const value = onPrint
          ? (28 + 0.78 * (photo.data[(sy * width + sx) * 3 + c] ?? 0) + grain) * (1 + 0.3 * (colour[c] ?? 0))
          : 55 * (1 + 0.02 * (colour[c] ?? 0));
        out[o + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return { data: out, width, height };
}
