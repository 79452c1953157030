import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import type { IdentityMatcher } from "../../../packages/detection/src/identity-matcher.js";
import { identityMatcher } from "../../../packages/detection/src/identity-matcher.js";
import { dataFile } from "./data-dir.js";

const onLikeness = { whenLikenessAtLeast: 50 } as const;

// A crawl asks a gallery, not a list: the analysis must take whatever the matcher answers, face by
// face, and open the costly signals on that answer exactly as it does for a scan's own list.
describe("analysis with an identity matcher instead of a list of embeddings", () => {
  it("asks the matcher once per detected face and gates the costly signals on its answer", {
    timeout: 300_000,
  }, async () => {
    const [face] = await faceDescriptors(dataFile("faces/deepface/img1.jpg"));
    if (!face) throw new Error("no face in the enrolment photo");
    const list = identityMatcher([{ personId: "ID01", face: [face.descriptor], voice: [] }]);
    const asked: Float32Array[] = [];
    const gallery: IdentityMatcher = {
      matchFace: async (descriptor) => {
        asked.push(descriptor);
        return list.matchFace(descriptor);
      },
      matchVoice: async () => null,
    };

    const samePerson = await analyseMedia(dataFile("faces/deepface/img2.jpg"), {
      enrolled: gallery,
      costlySignals: onLikeness,
    });
    expect(asked).toHaveLength(samePerson.faces.length);
    expect(samePerson.faces.some((f) => f.match?.personId === "ID01" && f.match.confidence >= 50)).toBe(true);
    expect(samePerson.signals.find((s) => s.id === "sd-watermark")?.evidence.skipped).toBeUndefined();

    const nobody: IdentityMatcher = { matchFace: async () => null, matchVoice: async () => null };
    const unmatched = await analyseMedia(dataFile("faces/deepface/img2.jpg"), {
      enrolled: nobody,
      costlySignals: onLikeness,
    });
    expect(unmatched.faces.every((f) => f.match === null)).toBe(true);
    expect(unmatched.signals.find((s) => s.id === "sd-watermark")?.explanation).toMatch(/no enrolled face or voice/);
  });
});
