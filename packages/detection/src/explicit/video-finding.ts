import { explicitVideoRuleFit } from "../fitted/heads.js";
import type { RgbImage } from "../media/image.js";
import { nsfwClassifier } from "../models/registry.js";
import type { IntimateFinding, OperatingPoint } from "../result.js";
import { exposed, meanLuma } from "./exposure.js";
import { explicitMass, PUBLISHED_ACCURACY, percent, RECALL_NOT_MEASURED, rounded, unavailable } from "./finding.js";
import type { NsfwClassifier, NsfwProbabilities } from "./nsfw-model.js";
import { type PersistenceReading, type PersistenceRule, persistentExplicit } from "./video-rule.js";

/**
 * The explicit-content reading of a video: each sampled frame classified (a dark frame at a normal
 * exposure, exposure.ts), and the clip called explicit only when the explicit content persists
 * (video-rule.ts). The rule's constants and its false-positive rate on genuine videos held out of
 * the fit come from video-rule.json (`npm run fit:explicit-video`). No explicit footage is held,
 * so how much explicit footage the rule catches is not known: the finding says so.
 */

export interface VideoRuleMeasurement {
  genuineVideos: number;
  flagged: number;
  falsePositiveRate: number;
  /** Which videos, in words. */
  sets: string;
}

export interface FittedVideoRule {
  rule: PersistenceRule & {
    /** Frames whose mean luma is below this are classified at a normal exposure. */
    darkLuma: number;
  };
  /** The rule on genuine, non-explicit videos none of whose footage was in the fit. */
  heldOut: VideoRuleMeasurement;
  fittedAt: string;
}

export const fittedVideoRule: FittedVideoRule = explicitVideoRuleFit;

interface FrameReading {
  timeSeconds: number;
  probabilities: NsfwProbabilities;
  /** Read after the exposure lift (a dark frame). */
  lifted: boolean;
}

function videoOperatingPoint(fitted: FittedVideoRule): OperatingPoint {
  const m = fitted.heldOut;
  return {
    threshold: fitted.rule.frameThreshold,
    falsePositiveRate: m.falsePositiveRate,
    truePositiveRate: PUBLISHED_ACCURACY,
    measuredOn:
      `false positives: ${m.genuineVideos} genuine non-explicit videos held out of the rule's fit (${m.sets}), ${fitted.fittedAt}; ` +
      `${RECALL_NOT_MEASURED} (a per-picture figure, not a rate on video)`,
    // No genuineCount: the threat reason and notices word that count as "genuine pictures", and
    // these are videos; the count is in measuredOn.
  };
}

function ruleWords(fitted: FittedVideoRule): string {
  const { rule, heldOut } = fitted;
  return (
    `rule: Porn + Hentai ≥ ${rule.frameThreshold} on at least ${percent(rule.minShare)} of the frames read ` +
    `(never fewer than ${rule.minFrames}) spanning ${rule.minSpanSeconds} s or more; it flagged ${heldOut.flagged} of ` +
    `${heldOut.genuineVideos} genuine non-explicit videos held out of its fit (${percent(heldOut.falsePositiveRate)}); ` +
    "how much explicit footage it catches was not measured (no explicit material is held)"
  );
}

function explanationFor(reading: PersistenceReading, fitted: FittedVideoRule, lifted: number): string {
  const counted = `${reading.explicitFrames.length} of ${reading.framesRead} frames read at or above ${fitted.rule.frameThreshold}`;
  const dark = lifted > 0 ? `; ${lifted} dark frame${lifted === 1 ? "" : "s"} read at a normal exposure` : "";
  if (reading.present)
    return `Explicit content persists through the video (${counted}, over ${reading.spanSeconds.toFixed(0)} s; ${ruleWords(fitted)})${dark}`;
  if (reading.explicitFrames.length > 0)
    return (
      `Not called explicit: ${counted}, short of the ${reading.needed} over ${reading.neededSpanSeconds.toFixed(0)} s the rule needs; ` +
      `a few explicit-looking frames are what genuine dark or warm-lit footage also gives (${ruleWords(fitted)})${dark}`
    );
  return `No explicit content found (${counted}; ${ruleWords(fitted)})${dark}`;
}

/**
 * The explicit-content reading of a video's sampled frames, the frames the decision rests on kept
 * as evidence. Null for a video without frames.
 */
export async function intimateFindingForFrames(
  frames: readonly { timeSeconds: number; image: RgbImage }[],
  options: { classifier?: NsfwClassifier; videoRule?: FittedVideoRule } = {},
): Promise<IntimateFinding | null> {
  if (frames.length === 0) return null;
  const classifier = options.classifier ?? nsfwClassifier();
  const fitted = options.videoRule ?? fittedVideoRule;
  const readings: FrameReading[] = [];
  try {
    for (const frame of frames) {
      const lifted = meanLuma(frame.image) < fitted.rule.darkLuma;
      const image = lifted ? exposed(frame.image) : frame.image;
      readings.push({ timeSeconds: frame.timeSeconds, probabilities: await classifier.predict(image), lifted });
    }
  } catch (error) {
    return unavailable(error);
  }
  const reading = persistentExplicit(
    readings.map((r) => ({ timeSeconds: r.timeSeconds, score: explicitMass(r.probabilities) })),
    fitted.rule,
  ) as PersistenceReading;
  const decisive = new Set(reading.decisiveFrames.map((f) => f.timeSeconds));
  const chosen = readings.filter((r) => decisive.has(r.timeSeconds));
  const mean = Object.fromEntries(
    Object.keys(chosen[0]?.probabilities ?? {}).map((k) => [
      k,
      chosen.reduce((sum, r) => sum + r.probabilities[k as keyof NsfwProbabilities], 0) / chosen.length,
    ]),
  ) as NsfwProbabilities;
  const lifted = readings.filter((r) => r.lifted).length;
  const frameEvidence = (list: { timeSeconds: number; score: number }[]) =>
    list.map((f) => ({ timeSeconds: f.timeSeconds, explicitMass: Number(f.score.toFixed(4)) }));
  return {
    status: reading.present ? "present" : "absent",
    score: reading.score,
    explanation: reading.present
      ? `${explanationFor(reading, fitted, lifted)}; confirm by looking before acting on it`
      : explanationFor(reading, fitted, lifted),
    evidence: {
      model: "nsfwjs-4.4.0-mobilenet-v2",
      // The frames the score rests on: the needed most explicit ones.
      frames: frameEvidence(reading.decisiveFrames),
      explicitFrames: frameEvidence(reading.explicitFrames),
      framesRead: reading.framesRead,
      explicitFramesNeeded: reading.needed,
      spanSeconds: reading.spanSeconds,
      darkFramesLifted: lifted,
      probabilities: rounded(mean),
      explicitMass: Number(reading.score.toFixed(4)),
      suggestive: !reading.present && mean.Sexy >= fitted.rule.frameThreshold,
    },
    operatingPoint: videoOperatingPoint(fitted),
  };
}
