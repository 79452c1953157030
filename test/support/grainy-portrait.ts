import type { RgbImage } from "@lg/detection/media/image";
import type { SelfBlendParameters } from "@lg/fitting/self-blended";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";

/** A 240×240 picture with camera-like grain on smooth shading, and a face box with YuNet-style landmarks. */
export function grainyPortrait(seed: number): {
  image: RgbImage;
  face: { box: { x: number; y: number; width: number; height: number }; landmarks: { x: number; y: number }[] };
} {
  const random = mulberry32(seed);
  const width = 240;
  const height = 240;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        const shade = 110 + 40 * Math.sin(x / 37 + c) + 30 * Math.cos(y / 23);
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(shade + (random() - 0.5) * 40)));
      }
  return {
    image: { data, width, height },
    face: {
      box: { x: 70, y: 60, width: 100, height: 120 },
      landmarks: [
        { x: 100, y: 105 },
        { x: 140, y: 105 },
        { x: 120, y: 130 },
        { x: 104, y: 152 },
        { x: 136, y: 152 },
      ],
    },
  };
}

/** A self-blend that pastes a slightly recoloured face at 40% resolution, lightly blurred, fully opaque. */
export const lowResolutionPaste: SelfBlendParameters = {
  gain: [1.04, 1, 0.97],
  shift: [6, 0, -4],
  contrast: 1,
  scale: 1.02,
  translate: [0.01, 0],
  resolution: 0.4,
  extent: 1,
  outlineJitter: new Array(9).fill(0),
  blur: [0.1, 0.05],
  erosion: 0,
  blendRatio: 1,
};
