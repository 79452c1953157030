import { describe, expect, it } from "vitest";
import { faceCalibration } from "../../../packages/detection/src/face/calibration.js";
import type { GalleryCandidate } from "../../../packages/domain/src/gallery/gallery.js";
import {
  decodeGalleryIdentity,
  encodeGalleryIdentity,
  galleryIdentityMatcher,
} from "../../../packages/domain/src/gallery/gallery-identity-matcher.js";

const candidate = (over: Partial<GalleryCandidate>): GalleryCandidate => ({
  userId: "user:1/a",
  personId: "self",
  sampleId: "s1",
  distance: 0.3,
  agreeing: 2,
  samples: 3,
  verified: true,
  ...over,
});

describe("the gallery as the detection engine's identity matcher", () => {
  it("names the nearest confirmed person with account, person and verification, and the scan's calibrated confidence", async () => {
    const asked: string[] = [];
    const matcher = galleryIdentityMatcher({
      match: async (_embedding, modality) => {
        asked.push(modality);
        return modality === "face"
          ? [candidate({ distance: 0.2 }), candidate({ userId: "u2", distance: 0.4, verified: false })]
          : [];
      },
    });
    const face = await matcher.matchFace(new Float32Array(128));
    expect(asked).toEqual(["face"]);
    expect(decodeGalleryIdentity(face?.personId ?? "")).toEqual({
      userId: "user:1/a",
      personId: "self",
      verified: true,
    });
    expect(face?.distance).toBe(0.2);
    // The same curve a person's own scan turns a distance into a confidence with.
    const z = faceCalibration.a * 0.2 + faceCalibration.b;
    expect(face?.confidence).toBeCloseTo(100 / (1 + Math.exp(z)), 0);
    expect(await matcher.matchVoice(new Float32Array(256))).toBeNull();
  });

  it("decodes only what it encoded", () => {
    const id = { userId: "a:b", personId: "p:1", verified: false };
    expect(decodeGalleryIdentity(encodeGalleryIdentity(id))).toEqual(id);
    expect(decodeGalleryIdentity("self")).toBeNull();
    expect(decodeGalleryIdentity("gallery:u:p:maybe")).toBeNull();
  });
});
