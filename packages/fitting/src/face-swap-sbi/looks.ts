/** The looks fit:face-swap-sbi regrades genuine faces and their blends to (lights and finishes). */
import type { RgbImage } from "@lg/detection/media/image";

/**
 * The picture under another light or finish, applied to the whole picture (so no seam): a stage
 * (dark, warm, contrasty), tungsten, a cold LED, a press photo's contrast and saturation, or its
 * sharpening. Genuine press, stage and video faces look like this; so do swaps posted from them, so
 * the blends get the same looks.
 */
export function graded(source: RgbImage, random: () => number): [string, RgbImage] {
  const looks = ["stage", "warm", "cold", "press", "sharpened"] as const;
  const look = looks[Math.floor(random() * looks.length)] as (typeof looks)[number];
  const data = new Uint8Array(source.data.length);
  const jitter = () => 0.9 + random() * 0.2;
  const [gainR, gainG, gainB, gamma, contrast, saturation] =
    look === "stage"
      ? [1.15 * jitter(), 0.95, 0.7 * jitter(), 1.35, 1.25, 1.2]
      : look === "warm"
        ? [1.1 * jitter(), 1, 0.8 * jitter(), 1, 1, 1.1]
        : look === "cold"
          ? [0.85 * jitter(), 1, 1.15 * jitter(), 1.1, 1.1, 0.9]
          : look === "press"
            ? [1, 1, 1, 0.95, 1.3 * jitter(), 1.25]
            : [1, 1, 1, 1, 1, 1];
  let mean = 0;
  for (let i = 0; i < source.data.length; i++) mean += source.data[i] as number;
  mean /= source.data.length;
  const dim = look === "stage" ? 0.5 + random() * 0.3 : 1;
  for (let i = 0; i < source.data.length; i += 3) {
    const rgb = [0, 1, 2].map((c) => {
      const v = (source.data[i + c] as number) * [gainR, gainG, gainB][c]!;
      return mean + (v - mean) * contrast;
    });
    const luma = 0.299 * rgb[0]! + 0.587 * rgb[1]! + 0.114 * rgb[2]!;
    for (let c = 0; c < 3; c++) {
      const v = Math.max(0, (luma + (rgb[c]! - luma) * saturation) / 255);
      data[i + c] = Math.min(255, Math.round(255 * dim * v ** gamma));
    }
  }
  if (look !== "sharpened") return [look, { width: source.width, height: source.height, data }];
  return [look, sharpenedCopy(source, 0.6 + random())];
}

/** An unsharp mask of the whole picture (3×3 box blur, amount `amount`). */
function sharpenedCopy(source: RgbImage, amount: number): RgbImage {
  const { width, height } = source;
  const data = Uint8Array.from(source.data);
  for (let j = 1; j < height - 1; j++)
    for (let i = 1; i < width - 1; i++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let v = -1; v <= 1; v++)
          for (let u = -1; u <= 1; u++) sum += source.data[((j + v) * width + i + u) * 3 + c] as number;
        const at = (j * width + i) * 3 + c;
        const value = source.data[at] as number;
        data[at] = Math.max(0, Math.min(255, Math.round(value + amount * (value - sum / 9))));
      }
  return { width, height, data };
}
