import { randomBlendParameters, selfBlend } from "@lg/fitting/self-blended";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { describe, expect, it } from "vitest";
import { grainyPortrait, lowResolutionPaste } from "../../support/grainy-portrait.js";

describe("Self-Blended Images (fit-time pseudo-fakes from genuine faces)", () => {
  it("changes the face and nothing outside the blend region", () => {
    const { image, face } = grainyPortrait(1);
    const { image: blended, region } = selfBlend(image, face, lowResolutionPaste);
    let changedOutside = 0;
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) {
        const inside = x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;
        const at = (y * image.width + x) * 3;
        if (!inside && blended.data[at] !== image.data[at]) changedOutside++;
      }
    expect(changedOutside).toBe(0);
    // The face centre (between the eyes and the mouth) is the transformed copy: its red channel is raised.
    const centre = (125 * image.width + 120) * 3;
    expect(blended.data[centre]).not.toBe(image.data[centre]);
    expect(image.data).not.toBe(blended.data);
  });

  it("draws the same blends from the same random sequence, so a refit rebuilds the same rows", () => {
    const { image, face } = grainyPortrait(2);
    const a = selfBlend(image, face, randomBlendParameters(mulberry32(7))).image.data;
    const b = selfBlend(image, face, randomBlendParameters(mulberry32(7))).image.data;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
