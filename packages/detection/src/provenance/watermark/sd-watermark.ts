import type { RgbImage } from "../../media/image.js";
import { uprightView } from "../../media/orientation.js";
import type { Signal } from "../../result.js";
import { readBlockBits, tallyBits } from "./dwt-dct.js";

/**
 * Invisible watermarks that Stable Diffusion tooling embeds with imwatermark's dwtDct method:
 * - SDXL / generative-models and diffusers' SDXL pipelines: a fixed 48-bit message;
 * - the SD 1.x/2.x reference scripts: the UTF-8 bytes of "StableDiffusionV1" (136 bits).
 * A random image agrees with a payload on about half its bits, so the evidence is the binomial
 * probability of agreeing on at least as many bits by chance.
 */

const bitsOf = (binary: string) => [...binary].map((digit) => (digit === "1" ? 1 : 0));
const bitsOfText = (text: string) =>
  [...Buffer.from(text, "utf8")].flatMap((byte) => bitsOf(byte.toString(2).padStart(8, "0")));

export const WATERMARK_PAYLOADS = [
  { name: "SDXL 48-bit", bits: bitsOf("101100111110110010010000011110111011000110011110") },
  { name: "StableDiffusionV1", bits: bitsOfText("StableDiffusionV1") },
] as const;

/** Detection needs the chance of a false match below one in a million. */
const MAX_CHANCE = 1e-6;
/** imwatermark refuses to embed below 256×256; smaller images carry too few blocks to vote. */
const MIN_SIDE = 256;

/** P(X ≥ k) for X ~ Binomial(n, 1/2). */
export function chanceOfAgreement(n: number, k: number): number {
  let total = 0;
  let coefficient = 1;
  for (let i = 0; i <= n; i++) {
    if (i >= k) total += coefficient;
    coefficient = (coefficient * (n - i)) / (i + 1);
  }
  return total / 2 ** n;
}

/** `image` as stored, shown after EXIF `orientation`: the watermark is read from the upright picture. */
export function sdWatermarkSignal(image: RgbImage, orientation = 1): Signal {
  const upright = uprightView(image, orientation);
  if (upright.width < MIN_SIDE || upright.height < MIN_SIDE) {
    return {
      id: "sd-watermark",
      status: "unknown",
      explanation: `Image is smaller than ${MIN_SIDE}×${MIN_SIDE}, too small to carry the watermark`,
      evidence: { width: upright.width, height: upright.height },
    };
  }
  const readings = readBlockBits(upright);
  const results = WATERMARK_PAYLOADS.map((payload) => {
    const decoded = tallyBits(readings, payload.bits.length);
    const agreeing = decoded.bits.filter((bit, i) => bit === payload.bits[i]).length;
    return {
      payload: payload.name,
      bits: payload.bits.length,
      agreeing,
      chance: chanceOfAgreement(payload.bits.length, agreeing),
      decoded: decoded.bits.join(""),
    };
  });
  const best = results.reduce((a, b) => (b.chance < a.chance ? b : a));
  if (best.chance < MAX_CHANCE) {
    return {
      id: "sd-watermark",
      status: "present",
      score: 1 - best.chance,
      explanation: `Stable Diffusion invisible watermark (${best.payload}): ${best.agreeing}/${best.bits} bits match`,
      evidence: { results },
    };
  }
  return {
    id: "sd-watermark",
    status: "absent",
    explanation: `No Stable Diffusion watermark (best: ${best.agreeing}/${best.bits} bits of ${best.payload}); it is removed by resizing, cropping or re-encoding, so absence proves nothing`,
    evidence: { results },
  };
}
