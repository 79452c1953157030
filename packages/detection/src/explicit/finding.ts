import type { DecodedImage, RgbImage } from "../media/image.js";
import type { IntimateFinding, OperatingPoint } from "../result.js";
import { aggregateFrameScores } from "../video-aggregation.js";
import measurementJson from "./false-positive-measurement.json" with { type: "json" };
import { type NsfwClassifier, type NsfwProbabilities, nsfwClassifier } from "./nsfw-model.js";

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
   * The video rule (frames, top-k mean) on genuine, non-explicit videos. Measured apart because
   * footage errs differently from stills (dark, warm-lit stage shots read as explicit).
   */
  video?: { genuineVideos: number; flagged: number; falsePositiveRate: number; sets: string };
}

export const falsePositiveMeasurement = measurementJson as FalsePositiveMeasurement;

export const explicitMass = (p: NsfwProbabilities): number => p.Porn + p.Hentai;

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** What a reading's false-positive figure rests on: the still pictures', or for a video the videos'. */
interface FalsePositiveFigure {
  n: number;
  flagged: number;
  rate: number;
  /** "pictures" or "videos". */
  unit: string;
  sets: string;
  measuredAt: string;
}

const stillFigure = (m: FalsePositiveMeasurement): FalsePositiveFigure => ({
  n: m.genuinePictures,
  flagged: m.flagged,
  rate: m.falsePositiveRate,
  unit: "pictures",
  sets: m.sets,
  measuredAt: m.measuredAt,
});

/** Without a video measurement, a video reading can only cite the stills' rate, and says so. */
const videoFigure = (m: FalsePositiveMeasurement): FalsePositiveFigure =>
  m.video
    ? {
        n: m.video.genuineVideos,
        flagged: m.video.flagged,
        rate: m.video.falsePositiveRate,
        unit: "videos",
        sets: m.video.sets,
        measuredAt: m.measuredAt,
      }
    : { ...stillFigure(m), unit: "still pictures (not measured on video)" };

function operatingPoint(figure: FalsePositiveFigure): OperatingPoint {
  return {
    threshold: EXPLICIT_THRESHOLD,
    falsePositiveRate: figure.rate,
    truePositiveRate: PUBLISHED_ACCURACY,
    measuredOn:
      `false positives: ${figure.n} genuine non-explicit ${figure.unit} (${figure.sets}), ${figure.measuredAt}; ` +
      `true-positive rate not measured here (no labelled explicit material): ${PUBLISHED_ACCURACY} is ${PUBLISHED_SOURCE}, not a measured recall`,
  };
}

const rounded = (p: NsfwProbabilities) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Number(v.toFixed(4))])) as NsfwProbabilities;

function rates(figure: FalsePositiveFigure): string {
  return (
    `rule: Porn + Hentai ≥ ${EXPLICIT_THRESHOLD}; it flagged ${figure.flagged} of ${figure.n} genuine ` +
    `non-explicit ${figure.unit} (${percent(figure.rate)}); its detection rate on explicit material was not measured ` +
    `here, the publisher states ~${percent(PUBLISHED_ACCURACY)} five-class accuracy`
  );
}

export interface IntimateOptions {
  classifier?: NsfwClassifier;
  measurement?: FalsePositiveMeasurement;
}

function unavailable(error: unknown): IntimateFinding {
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

/**
 * The explicit-content reading of a video's sampled frames: each frame classified, the clip's
 * score the robust top-k mean of the frames' explicit mass (video-aggregation.ts), the frames it
 * rests on kept as evidence. Null for a video without frames.
 */
export async function intimateFindingForFrames(
  frames: readonly { timeSeconds: number; image: RgbImage }[],
  options: IntimateOptions = {},
): Promise<IntimateFinding | null> {
  if (frames.length === 0) return null;
  const classifier = options.classifier ?? nsfwClassifier();
  const readings: { timeSeconds: number; probabilities: NsfwProbabilities }[] = [];
  try {
    for (const frame of frames)
      readings.push({ timeSeconds: frame.timeSeconds, probabilities: await classifier.predict(frame.image) });
  } catch (error) {
    return unavailable(error);
  }
  const aggregated = aggregateFrameScores(
    readings.map((r) => ({ timeSeconds: r.timeSeconds, score: explicitMass(r.probabilities) })),
  );
  const decisive = new Set(aggregated.frames.map((f) => f.timeSeconds));
  const chosen = readings.filter((r) => decisive.has(r.timeSeconds));
  const mean = Object.fromEntries(
    Object.keys(chosen[0]?.probabilities ?? {}).map((k) => [
      k,
      chosen.reduce((sum, r) => sum + r.probabilities[k as keyof NsfwProbabilities], 0) / chosen.length,
    ]),
  ) as NsfwProbabilities;
  const figure = videoFigure(options.measurement ?? falsePositiveMeasurement);
  const finding = findingFor(mean, aggregated.score ?? 0, figure, {
    framesRead: aggregated.framesRead,
    frames: aggregated.frames.map((f) => ({ timeSeconds: f.timeSeconds, explicitMass: Number(f.score.toFixed(4)) })),
  });
  // Dark, warm-lit footage is where this classifier errs most (it reads a genuine stage interview as
  // explicit), so a video reading carries the videos' own false-positive rate and asks for a look.
  return {
    ...finding,
    explanation: `${finding.explanation}; read on ${aggregated.frames.length} of ${aggregated.framesRead} video frames; confirm by looking before acting on it`,
  };
}
