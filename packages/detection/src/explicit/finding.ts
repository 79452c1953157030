import { explicitMeasurementFit } from "../fitted/heads.js";
import type { DecodedImage } from "../media/image.js";
import { nsfwClassifier } from "../models/registry.js";
import type { IntimateFinding, OperatingPoint } from "../result.js";
import type { NsfwClassifier, NsfwProbabilities } from "./nsfw-model.js";

/**
 * Whether a picture depicts nudity or sexual content, for the TAKE IT DOWN path.
 *
 * Rule: the picture is explicit when nsfwjs puts at least half its probability on its explicit
 * classes, Porn + Hentai (`explicitMass`). "Sexy" (suggestive, clothed or partly clothed) is
 * reported but never enough alone: a swimsuit photo is not an intimate depiction, and the notice
 * this feeds is a legal statement.
 *
 * What is known of its error rates: its false-positive rate was measured on genuine, non-explicit
 * pictures of ../shared (bench/explicit-and-faceswap.ts writes false-positive-measurement.json);
 * its detection rate was not measured here, since no labelled explicit material may be held.
 * The only figure for that is nsfwjs's own: about 90% accuracy over its five classes for this
 * MobileNetV2 model (nsfwjs README, v4.4.0), which is not a measured recall on explicit pictures.
 * A video is read by video-finding.ts: its frames through this classifier, decided by a rule of
 * its own with its own held-out false-positive rate.
 */

export const EXPLICIT_THRESHOLD = 0.5;

/** nsfwjs's published five-class accuracy for the MobileNetV2 model (README, "~90% with small"). */
export const PUBLISHED_ACCURACY = 0.9;
const PUBLISHED_SOURCE = "nsfwjs 4.4.0 README (MobileNetV2: ~90% five-class accuracy)";

export interface FalsePositiveMeasurement {
  threshold: number;
  genuinePictures: number;
  flagged: number;
  falsePositiveRate: number;
  /** Which genuine pictures, in words. */
  sets: string;
  measuredAt: string;
  /**
   * The video rule (video-rule.ts, as fitted in video-rule.json) re-measured by the benchmark on
   * the labelled genuine videos of ../shared, by source. The video finding states the fit's own
   * held-out figure (video-finding.ts); this one includes clips the rule was fitted on.
   */
  video?: {
    genuineVideos: number;
    flagged: number;
    falsePositiveRate: number;
    sets: string;
    bySource?: Record<string, { videos: number; flagged: number }>;
    flaggedFiles?: string[];
  };
}

export const falsePositiveMeasurement: FalsePositiveMeasurement = explicitMeasurementFit;

export const explicitMass = (p: NsfwProbabilities): number => p.Porn + p.Hentai;

export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** What a still picture's false-positive figure rests on. */
interface FalsePositiveFigure {
  n: number;
  flagged: number;
  rate: number;
  sets: string;
  measuredAt: string;
}

const stillFigure = (m: FalsePositiveMeasurement): FalsePositiveFigure => ({
  n: m.genuinePictures,
  flagged: m.flagged,
  rate: m.falsePositiveRate,
  sets: m.sets,
  measuredAt: m.measuredAt,
});

/** Said of every reading: no explicit material is held, so no detection rate was measured. */
export const RECALL_NOT_MEASURED = `true-positive rate not measured here (no labelled explicit material): ${PUBLISHED_ACCURACY} is ${PUBLISHED_SOURCE}, not a measured recall`;

function operatingPoint(figure: FalsePositiveFigure): OperatingPoint {
  return {
    threshold: EXPLICIT_THRESHOLD,
    falsePositiveRate: figure.rate,
    truePositiveRate: PUBLISHED_ACCURACY,
    measuredOn: `false positives: ${figure.n} genuine non-explicit pictures (${figure.sets}), ${figure.measuredAt}; ${RECALL_NOT_MEASURED}`,
    genuineCount: figure.n,
  };
}

export const rounded = (p: NsfwProbabilities) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Number(v.toFixed(4))])) as NsfwProbabilities;

function rates(figure: FalsePositiveFigure): string {
  return (
    `rule: Porn + Hentai ≥ ${EXPLICIT_THRESHOLD}; it flagged ${figure.flagged} of ${figure.n} genuine ` +
    `non-explicit pictures (${percent(figure.rate)}); its detection rate on explicit material was not measured ` +
    `here, the publisher states ~${percent(PUBLISHED_ACCURACY)} five-class accuracy`
  );
}

export interface IntimateOptions {
  classifier?: NsfwClassifier;
  measurement?: FalsePositiveMeasurement;
}

export function unavailable(error: unknown): IntimateFinding {
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: "unknown",
    explanation: `Not computed: the explicit-content classifier could not run (${message}); this says nothing about whether the picture is intimate`,
    evidence: { error: message },
  };
}

function findingFor(
  probabilities: NsfwProbabilities,
  score: number,
  measurement: FalsePositiveFigure,
  extraEvidence: Record<string, unknown> = {},
): IntimateFinding {
  const explicit = score >= EXPLICIT_THRESHOLD;
  const suggestive = !explicit && probabilities.Sexy >= EXPLICIT_THRESHOLD;
  const explanation = explicit
    ? `Explicit content likely (Porn + Hentai ${score.toFixed(3)}; ${rates(measurement)})`
    : suggestive
      ? `Suggestive but not explicit (Sexy ${probabilities.Sexy.toFixed(3)}, Porn + Hentai ${score.toFixed(3)}; suggestive alone does not count; ${rates(measurement)})`
      : `No explicit content found (Porn + Hentai ${score.toFixed(3)}; ${rates(measurement)})`;
  return {
    status: explicit ? "present" : "absent",
    score,
    explanation,
    evidence: {
      model: "nsfwjs-4.4.0-mobilenet-v2",
      probabilities: rounded(probabilities),
      explicitMass: Number(score.toFixed(4)),
      suggestive,
      ...extraEvidence,
    },
    operatingPoint: operatingPoint(measurement),
  };
}

/** The explicit-content reading of one picture (its analysis copy). */
export async function intimateFinding(image: DecodedImage, options: IntimateOptions = {}): Promise<IntimateFinding> {
  const classifier = options.classifier ?? nsfwClassifier();
  let probabilities: NsfwProbabilities;
  try {
    probabilities = await classifier.predict(image.pixels);
  } catch (error) {
    return unavailable(error);
  }
  return findingFor(
    probabilities,
    explicitMass(probabilities),
    stillFigure(options.measurement ?? falsePositiveMeasurement),
  );
}
