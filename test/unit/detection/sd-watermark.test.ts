import { describe, expect, it } from "vitest";
import { decodeImage, encodePng } from "../../../packages/detection/src/media/image.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import {
  decodeDwtDct,
  encodeDwtDct,
  uByTable,
  uOf,
  uTable,
} from "../../../packages/detection/src/provenance/watermark/dwt-dct.js";
import {
  chanceOfAgreement,
  sdWatermarkSignal,
  WATERMARK_PAYLOADS,
} from "../../../packages/detection/src/provenance/watermark/sd-watermark.js";
import { dataFile } from "./data-dir.js";

const SDXL_BITS = [...WATERMARK_PAYLOADS[0].bits];

describe("Stable Diffusion invisible watermark (dwtDct)", () => {
  it("uses the published 48-bit SDXL message", () => {
    expect(SDXL_BITS.join("")).toBe("101100111110110010010000011110111011000110011110");
  });

  it("decodes what its own encoder embedded, through a lossless PNG round trip", async () => {
    const photo = await decodeImage(
      dataFile("provenance/comfyui-examples/sdturbo/sdxlturbo_example.png"),
      defaultLimits,
      Number.POSITIVE_INFINITY,
    );
    const marked = encodeDwtDct(photo.pixels, SDXL_BITS);
    const reloaded = await decodeImage(await encodePng(marked), defaultLimits, Number.POSITIVE_INFINITY);
    expect(decodeDwtDct(reloaded.pixels, 48).bits).toEqual(SDXL_BITS);
    const signal = sdWatermarkSignal(reloaded.pixels);
    expect(signal.status).toBe("present");
    expect(signal.explanation).toContain("48/48");
  });

  it("finds no watermark in the unmarked image", async () => {
    const photo = await decodeImage(
      dataFile("provenance/comfyui-examples/sdturbo/sdxlturbo_example.png"),
      defaultLimits,
      Number.POSITIVE_INFINITY,
    );
    expect(sdWatermarkSignal(photo.pixels).status).toBe("absent");
  });

  it("takes U from its table exactly as from the colour formula, for every colour", () => {
    const table = uTable();
    let differing = 0;
    for (let r = 0; r < 256; r++)
      for (let g = 0; g < 256; g++)
        for (let b = 0; b < 256; b++) if (uByTable(table, r, g, b) !== uOf(r, g, b)) differing++;
    expect(differing).toBe(0);
    // The halves the table leaves to the formula do occur.
    expect(table.filter((u) => u === 0).length).toBeGreaterThan(0);
  });

  it("puts the chance of a random 48-bit agreement at the binomial tail", () => {
    expect(chanceOfAgreement(48, 0)).toBeCloseTo(1);
    expect(chanceOfAgreement(48, 48)).toBeCloseTo(2 ** -48);
    expect(chanceOfAgreement(48, 24)).toBeGreaterThan(0.5);
  });

  it("reports a picture too small for the mark by its upright sides when it is stored on its side", () => {
    const stored = { data: new Uint8Array(300 * 200 * 3), width: 300, height: 200 };
    for (const orientation of [5, 6, 7, 8]) {
      const signal = sdWatermarkSignal(stored, orientation);
      expect(signal.status).toBe("unknown");
      expect(signal.evidence).toEqual({ width: 200, height: 300 });
    }
    expect(sdWatermarkSignal(stored, 1).evidence).toEqual({ width: 300, height: 200 });
  });
});
