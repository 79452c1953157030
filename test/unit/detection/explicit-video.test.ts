import { likenessVerdict } from "@lg/domain/scanning/likeness-verdict";
import type { MediaAnalysis } from "@lg/domain/scanning/scan-ports";
import { describe, expect, it } from "vitest";
import { meanLuma } from "../../../packages/detection/src/explicit/exposure.js";
import { EXPLICIT_THRESHOLD } from "../../../packages/detection/src/explicit/finding.js";
import { NsfwOnnxClassifier, type NsfwProbabilities } from "../../../packages/detection/src/explicit/nsfw-model.js";
import {
  type FittedVideoRule,
  fittedVideoRule,
  intimateFindingForFrames,
} from "../../../packages/detection/src/explicit/video-finding.js";
import { explicitFramesNeeded, persistentExplicit } from "../../../packages/detection/src/explicit/video-rule.js";
import type { RgbImage } from "../../../packages/detection/src/media/image.js";
import type { IntimateFinding } from "../../../packages/detection/src/result.js";
import { aggregateFrameScores } from "../../../packages/detection/src/video-aggregation.js";

/** Test double: answers each call's explicit mass in turn, or from the picture's brightness. */
class StubClassifier extends NsfwOnnxClassifier {
  calls = 0;
  constructor(private readonly answer: (image: RgbImage, call: number) => number) {
    super();
  }
  override async predict(image: RgbImage): Promise<NsfwProbabilities> {
    const porn = this.answer(image, this.calls++);
    return { Drawing: 0, Hentai: 0, Neutral: 1 - porn, Porn: porn, Sexy: 0 };
  }
}

const grey = (level: number): RgbImage => ({ data: new Uint8Array(4 * 4 * 3).fill(level), width: 4, height: 4 });
const BRIGHT = grey(140);
const frames = (n: number, image = BRIGHT) => Array.from({ length: n }, (_, i) => ({ timeSeconds: i * 4, image }));
const inTurn = (masses: number[]) => new StubClassifier((_image, call) => masses[call] ?? 0);

const rule = fittedVideoRule.rule;
/** Eight frames read, as the product reads a clip: the fitted rule's need for them. */
const needed = explicitFramesNeeded(8, rule);

describe("the explicit-content video rule", () => {
  it("calls a clip explicit when explicit content runs through most of its frames", async () => {
    const masses = [0.9, 0.85, 0.1, 0.92, 0.88, 0.95, 0.9, 0.93];
    const finding = await intimateFindingForFrames(frames(8), { classifier: inTurn(masses) });
    expect(finding?.status).toBe("present");
    expect(finding?.score as number).toBeGreaterThanOrEqual(rule.frameThreshold);
    expect(finding?.evidence.explicitFrames).toHaveLength(7);
    // The frames the finding rests on are what the threat's frame strip shows.
    expect(finding?.evidence.frames).toHaveLength(needed);
    expect(finding?.explanation).toContain("persists");
  });

  it("calls a clip explicit when the fitted share of its frames is explicit, spread over it", async () => {
    const masses = Array.from({ length: 8 }, (_, i) => (i < needed ? 0.8 : 0.02));
    const finding = await intimateFindingForFrames(frames(8), { classifier: inTurn(masses) });
    expect(finding?.status).toBe("present");
  });

  it("does not call a talking-head clip explicit on intermittent spikes, where a top-k mean at 0.5 did", async () => {
    // Two dark frames read as explicit, the rest neutral: the old rule's top-3 mean is 0.63.
    const masses = [0.02, 0.96, 0.03, 0.01, 0.95, 0.02, 0.04, 0.01];
    const old = aggregateFrameScores(masses.map((score, i) => ({ timeSeconds: i * 4, score })));
    expect(old.score as number).toBeGreaterThanOrEqual(EXPLICIT_THRESHOLD);

    const finding = await intimateFindingForFrames(frames(8), { classifier: inTurn(masses) });
    expect(finding?.status).toBe("absent");
    expect(finding?.score as number).toBeLessThan(rule.frameThreshold);
    // Between: the explicit-looking frames stay in the evidence, with the score, unclaimed.
    expect(finding?.evidence.explicitFrames).toEqual([
      { timeSeconds: 4, explicitMass: 0.96 },
      { timeSeconds: 16, explicitMass: 0.95 },
    ]);
    expect(finding?.explanation).toMatch(/^Not called explicit: 2 of 8 frames/);
  });

  it("needs the explicit frames to span time, not sit in one instant", () => {
    const tight = persistentExplicit(
      [0, 0.2, 0.4, 10, 20, 30, 40, 50].map((timeSeconds, i) => ({ timeSeconds, score: i < 3 ? 0.9 : 0 })),
      { frameThreshold: 0.5, minShare: 0.25, minFrames: 3, minSpanSeconds: 2 },
    );
    expect(tight?.needed).toBe(3);
    expect(tight?.score).toBe(0.9);
    expect(tight?.present).toBe(false);
    const spread = persistentExplicit(
      [0, 1, 2, 10, 20, 30, 40, 50].map((timeSeconds, i) => ({ timeSeconds, score: i < 3 ? 0.9 : 0 })),
      { frameThreshold: 0.5, minShare: 0.25, minFrames: 3, minSpanSeconds: 2 },
    );
    expect(spread?.present).toBe(true);
  });

  it("reads a one-frame clip as a picture, and needs every frame of a two-frame clip", () => {
    const rule = { frameThreshold: 0.5, minShare: 0.5, minFrames: 3, minSpanSeconds: 2 };
    expect(persistentExplicit([{ timeSeconds: 0, score: 0.7 }], rule)?.present).toBe(true);
    const two = [
      { timeSeconds: 0, score: 0.7 },
      { timeSeconds: 1, score: 0.1 },
    ];
    expect(persistentExplicit(two, rule)?.present).toBe(false);
    expect(persistentExplicit([], rule)).toBeNull();
  });

  it("reads a dark frame at a normal exposure, so darkness alone is not explicit", async () => {
    const dark = grey(30);
    expect(meanLuma(dark)).toBeLessThan(rule.darkLuma);
    // A stand-in for nsfwjs's failure on dark footage: explicit whenever the picture is dark.
    const darkIsExplicit = () => new StubClassifier((image) => (meanLuma(image) < 0.2 ? 0.95 : 0.02));
    const finding = await intimateFindingForFrames(frames(8, dark), { classifier: darkIsExplicit() });
    expect(finding?.status).toBe("absent");
    expect(finding?.evidence.darkFramesLifted).toBe(8);

    const unlifted: FittedVideoRule = { ...fittedVideoRule, rule: { ...rule, darkLuma: 0 } };
    const asSampled = await intimateFindingForFrames(frames(8, dark), {
      classifier: darkIsExplicit(),
      videoRule: unlifted,
    });
    expect(asSampled?.status).toBe("present");
  });

  it("states the false-positive rate measured on held-out genuine videos and that recall was not measured", async () => {
    const finding = await intimateFindingForFrames(frames(8), { classifier: inTurn(Array(8).fill(0.9)) });
    const held = fittedVideoRule.heldOut;
    expect(held.genuineVideos).toBeGreaterThan(0);
    expect(finding?.operatingPoint).toMatchObject({
      threshold: rule.frameThreshold,
      falsePositiveRate: held.falsePositiveRate,
    });
    // A count of videos must not be worded as "genuine pictures" by a threat's reason or a notice.
    expect(finding?.operatingPoint?.genuineCount).toBeUndefined();
    expect(finding?.operatingPoint?.measuredOn).toContain(`${held.genuineVideos} genuine non-explicit videos held out`);
    expect(finding?.operatingPoint?.measuredOn).toContain("not measured");
    expect(finding?.explanation).toContain(`flagged ${held.flagged} of ${held.genuineVideos}`);
  });

  it("is unknown when the classifier cannot run", async () => {
    const finding = await intimateFindingForFrames(frames(3), {
      classifier: new NsfwOnnxClassifier("/nonexistent/mobilenet_v2.onnx"),
    });
    expect(finding?.status).toBe("unknown");
    expect(await intimateFindingForFrames([])).toBeNull();
  });
});

describe("what a video's explicit-content reading makes of a matched threat", () => {
  const people = [{ personId: "self", displayName: "Ada Moreno", face: [], voice: [] }];
  const verdictFor = (intimate: IntimateFinding | null) =>
    likenessVerdict(
      {
        contentType: "video/mp4",
        face: { personId: "self", confidence: 94 },
        voice: null,
        syntheticScore: 0.1,
        syntheticStatus: "no-evidence",
        syntheticSignals: [],
        intimate: intimate as MediaAnalysis["intimate"],
        result: {},
      },
      people,
    );

  it("never makes intimate imagery, nor a critical threat, of frames that only suggest explicit content", async () => {
    const spikes = [0.02, 0.96, 0.03, 0.01, 0.95, 0.02, 0.04, 0.01];
    const verdict = verdictFor(await intimateFindingForFrames(frames(8), { classifier: inTurn(spikes) }));
    expect(verdict?.classification.type).not.toBe("intimate_imagery");
    expect(verdict?.classification.severity).not.toBe("critical");
  });

  it("makes intimate imagery of a clip explicit throughout", async () => {
    const explicit = await intimateFindingForFrames(frames(8), { classifier: inTurn(Array(8).fill(0.9)) });
    const verdict = verdictFor(explicit);
    expect(verdict?.classification.type).toBe("intimate_imagery");
    expect(verdict?.classification.reason).not.toContain("genuine pictures");
  });
});
