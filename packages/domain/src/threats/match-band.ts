/**
 * A likeness match as a person can read it: a band ("very strong face match") rather than a bare
 * percentage that reads as certainty, with the false-match rate the band rests on where that
 * modality's benchmark measured one: the face benchmark for faces, the speaker benchmark for voices
 * (issue 36 item 2). The calibrated confidence saturates near 100% for most matches, so it is not
 * shown as the measure of a match.
 */
export type MatchBand = "very strong" | "strong" | "likely" | "possible" | "weak";

/**
 * What about a face capped its match below the calibrated reading (the detection engine's
 * face/match-limits.ts decides; a test holds the two lists together), and how a person reads it.
 */
export const MATCH_LIMIT_WORDS = {
  "small-face":
    "the face is small (under 16 pixels between the eyes), where our face benchmark found 82-95% of true matches, not all of them",
  "tiny-face": "the face is tiny (under 10 pixels between the eyes), smaller than our face benchmark measured",
  "partial-face": "part of the face is outside the picture",
  "unclear-face": "the face is unclear (covered, blurred or turned away): the face detector itself was unsure of it",
} as const;
export type MatchLimit = keyof typeof MATCH_LIMIT_WORDS;
export const MATCH_LIMITS = Object.keys(MATCH_LIMIT_WORDS) as [MatchLimit, ...MatchLimit[]];

/** "part of the face is outside the picture, and the face is small (...)": why a match reads lower than a clear face's would. */
export const matchLimitWords = (limits: readonly MatchLimit[]) =>
  limits.map((limit) => MATCH_LIMIT_WORDS[limit]).join("; and ");

/** The bands' lower edges, on the confidence scale the sensitivity levels use (high 90, medium 70, low 50). */
const BANDS: readonly [number, MatchBand][] = [
  [99, "very strong"],
  [90, "strong"],
  [70, "likely"],
  [50, "possible"],
  [0, "weak"],
];

export function matchBand(confidence: number): MatchBand {
  return BANDS.find(([floor]) => confidence >= floor)?.[1] ?? "weak";
}

/**
 * What one modality's benchmark measured about false matches: the calibration scans use (confidence
 * from cosine distance, p = 1 / (1 + exp(a·d + b))), the distances at which it measured false-match
 * rates, and how many pairs of different people (or speakers) it compared.
 */
export interface FalseMatchEvidence {
  modality: "face" | "voice";
  calibration: { a: number; b: number };
  thresholds: { falseMatchRate: number; distance: number }[];
  impostorPairs: number;
  measuredAt?: string;
}

/** The distance a confidence stands for, inverting the calibration (100% is capped: the curve never reaches it). */
function distanceFor(confidence: number, { a, b }: FalseMatchEvidence["calibration"]): number {
  const p = Math.min(Math.max(confidence / 100, 1e-6), 0.999);
  return (Math.log(1 / p - 1) - b) / a;
}

/**
 * The lowest false-match rate the benchmark measured at a threshold this match is within: a match
 * at least this close was made by no more than that share of pairs of different people. Undefined
 * when the match is looser than every measured threshold (nothing was measured to state).
 */
export function falseMatchRateFor(confidence: number, evidence: FalseMatchEvidence): number | undefined {
  const distance = distanceFor(confidence, evidence.calibration);
  return evidence.thresholds
    .filter((t) => distance <= t.distance)
    .map((t) => t.falseMatchRate)
    .sort((x, y) => x - y)[0];
}

const ONE_IN = (rate: number) => Math.round(1 / rate).toLocaleString("en-US");

const BENCHMARK = {
  face: { name: "face benchmark", pairs: "pairs of different people" },
  voice: { name: "speaker benchmark", pairs: "pairs of recordings of different speakers" },
} as const;

/** "In our face benchmark, no more than 1 in 1,000 pairs of different people (of 1,655 compared) matched this closely." */
export function falseMatchSentence(confidence: number, evidence: FalseMatchEvidence): string | undefined {
  const rate = falseMatchRateFor(confidence, evidence);
  if (rate === undefined) return undefined;
  const { name, pairs } = BENCHMARK[evidence.modality];
  return `In our ${name}, no more than 1 in ${ONE_IN(rate)} ${pairs} (of ${evidence.impostorPairs.toLocaleString("en-US")} compared) matched this closely.`;
}

/** "very strong match": how alerts name a match, a band rather than a percentage that reads as certainty. */
export const matchPhrase = (confidence: number) => `${matchBand(confidence)} match`;
