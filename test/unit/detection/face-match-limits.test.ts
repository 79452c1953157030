import { classifyMedia } from "@lg/domain/threats/classification";
import { MATCH_LIMITS } from "@lg/domain/threats/match-band";
import { describe, expect, it } from "vitest";
import { faceLimits, LIMIT_CEILINGS, limitFaceMatch } from "../../../packages/detection/src/face/match-limits.js";

const PICTURE = { width: 400, height: 300 };
/** A frontal face: eyes `eyes` px apart centred at (cx, cy), nose and mouth below. */
function face(eyes: number, cx = 200, cy = 150, score = 0.95) {
  const half = eyes / 2;
  return {
    score,
    landmarks: [
      { x: cx - half, y: cy },
      { x: cx + half, y: cy },
      { x: cx, y: cy + half },
      { x: cx - half * 0.8, y: cy + eyes },
      { x: cx + half * 0.8, y: cy + eyes },
    ],
  };
}
const MATCH = { personId: "self", distance: 0.4, confidence: 100 };

describe("a face match is stated no higher than its face supports", () => {
  it("leaves a whole, clear face of 16 px or more between the eyes at its calibrated reading", () => {
    expect(faceLimits(face(40), PICTURE)).toEqual([]);
    expect(faceLimits(face(16), PICTURE)).toEqual([]);
    expect(limitFaceMatch(MATCH, [])).toEqual(MATCH);
  });

  it("holds a small face (10-16 px between the eyes) under the high sensitivity, so it never alerts at 90%+ or takes down automatically", () => {
    const limits = faceLimits(face(12), PICTURE);
    expect(limits).toEqual(["small-face"]);
    expect(limitFaceMatch(MATCH, limits)).toEqual({
      ...MATCH,
      confidence: 89.9,
      calibratedConfidence: 100,
      limitedBy: ["small-face"],
    });
  });

  it("holds a face smaller than the benchmark measured, or half outside the picture, under the medium sensitivity", () => {
    expect(faceLimits(face(8), PICTURE)).toEqual(["tiny-face"]);
    // The right eye and mouth corner past the right edge: half a face.
    const cut = faceLimits(face(40, 390), PICTURE);
    expect(cut).toEqual(["partial-face"]);
    expect(limitFaceMatch(MATCH, cut)?.confidence).toBe(69.9);
  });

  it("holds a face the detector itself was unsure of (covered, blurred, turned) under the high sensitivity, and takes the lowest ceiling of several limits", () => {
    expect(faceLimits(face(40, 200, 150, 0.7), PICTURE)).toEqual(["unclear-face"]);
    const limits = faceLimits(face(12, 395, 150, 0.7), PICTURE);
    expect(limits).toEqual(["small-face", "partial-face", "unclear-face"]);
    expect(limitFaceMatch(MATCH, limits)?.confidence).toBe(69.9);
  });

  it("never raises a weaker reading, but still says what limited it", () => {
    expect(limitFaceMatch({ ...MATCH, confidence: 62 }, ["small-face"])).toEqual({
      ...MATCH,
      confidence: 62,
      limitedBy: ["small-face"],
    });
    expect(limitFaceMatch(null, ["small-face"])).toBeNull();
  });

  it("names the same limits the threat's classification stores and words", () => {
    expect(Object.keys(LIMIT_CEILINGS).sort()).toEqual([...MATCH_LIMITS].sort());
  });

  it("explains a capped match by its band and what held it down, never as a percentage", () => {
    const classified = classifyMedia(
      {
        face: { personId: "self", confidence: 69.9, limitedBy: ["partial-face"] },
        voice: null,
        synthetic: { status: "no-evidence", score: 0.1 },
        signals: [],
        intimate: null,
      },
      50,
    );
    expect(classified?.classification.likeness.limitedBy).toEqual(["partial-face"]);
    expect(classified?.classification.severity).not.toBe("critical");
    expect(classified?.classification.reason).toBe(
      "The face matches (a possible match, no higher because part of the face is outside the picture) and no synthetic-media evidence was found: it is treated as the genuine likeness re-used without consent.",
    );
  });
});
