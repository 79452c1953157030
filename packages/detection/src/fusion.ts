import { fusionModelsFit } from "./fitted/heads.js";
import type {
  DetectedFace,
  MediaKind,
  OperatingPoint,
  Signal,
  SignalId,
  SyntheticScore,
  Verdict,
  VoiceFindings,
} from "./result.js";
import { VOICE_COUNTERMEASURES } from "./result.js";
import {
  levelOf,
  levelOfOwnPoint,
  type SyntheticLevel,
  type VerdictLevel,
  type VerdictLevels,
} from "./synthetic-levels.js";

/**
 * Fuses the per-signal readings into one synthetic probability and states the verdicts with the
 * evidence they rest on. Two kinds of witness take part:
 * - declarations (C2PA, IPTC, generator metadata, the SD watermark, container tags), whose scores
 *   are policy weights: any one strong declaration suffices, several weak ones add up (noisy-OR);
 * - learned detectors (the Whisper voice countermeasure, the CLIP and face probes, MesoNet), whose
 *   calibrated probabilities are combined by a logistic model fitted on the development set
 *   (`npm run fit:fusion`, fusion-model.json), decided at a threshold whose false-positive rate was
 *   measured there and is returned with the score, so the UI and notices can state it.
 * Only signals that produced a score take part: a signal that found nothing, or could not look, does
 * not vouch for the media, so with no scored signal the fused status is "unknown", never "real".
 */

/** Declarations at or above this noisy-OR probability make the media synthetic. */
export const SYNTHETIC_THRESHOLD = 0.5;
/** A face or voice match is stated as a verdict from this calibrated confidence (0-100). */
export const MATCH_VERDICT_CONFIDENCE = 50;

export interface LearnedFusion {
  /** Weight of each learned signal's log-odds; a signal not listed is not part of this fusion. */
  weights: Partial<Record<SignalId, number>>;
  bias: number;
  /** Threshold on the fused probability and its measured rates (with `levels`: the "synthetic" level's). */
  operatingPoint: OperatingPoint;
  /**
   * The "synthetic" and "possibly synthetic" thresholds with their genuine false-positive rates on
   * pictures held out of every fit, by genuine source (synthetic-levels.ts). Without them the
   * operating point alone decides, as "synthetic" or no evidence.
   */
  levels?: VerdictLevels;
  /**
   * Detectors the fit left out (they did not add evidence on held-out material): they still report
   * their own reading, but do not decide. A learned signal neither weighted nor left out (the voice
   * countermeasure on a video's audio track, say) speaks at its own operating point.
   */
  leftOut?: SignalId[];
  /**
   * Detectors outside the model that speak at their own operating point (the face-swap detector),
   * with the rates of "this model or any of them" on the development set's pictures.
   */
  ownOperatingPoint?: {
    detectors: SignalId[];
    falsePositiveRate: number;
    truePositiveRate: number;
    measuredOn: string;
  };
}

export type FusionModels = Partial<Record<MediaKind, LearnedFusion>>;

/** Signals whose calibrated probability is a measured detector output rather than a declaration. */
export const LEARNED_SIGNALS: readonly SignalId[] = [
  "voice-synthetic",
  "ai-image",
  "face-synthetic",
  "face-swap-mesonet",
  // Listed before it is wired in: a learned reading left off this list would count as a declaration.
  "face-swap-sbi",
  "face-forgery-net",
] as const;

const committedModels: FusionModels = fusionModelsFit;

/**
 * Why a learned detector is not computed for this kind of media, or null to compute it: one the
 * fitted fusion left out (it added no evidence on held-out material) could change no verdict, so,
 * like AASIST at chance, it costs CPU and says nothing. A refit that gives it a weight brings it back.
 */
export function whyDetectorLeftOut(
  id: SignalId,
  kind: MediaKind,
  models: FusionModels = committedModels,
): string | null {
  const model = models[kind];
  if (!model?.leftOut?.includes(id)) return null;
  return `Not computed: the fitted fusion leaves this detector out (on generators and swap methods held out of its fit it added no evidence), so its reading could not change the verdict; this says nothing about whether the ${kind === "video" ? "video" : "picture"} is synthetic`;
}

/**
 * A signal the fused score rests on: it detected something and its score adds to the fusion. A
 * detector firing at an operating point no better than chance scores 0 (voice-antispoof) and is
 * not cited as the basis of a "synthetic" verdict.
 */
const isEvidence = (signal: Signal): boolean =>
  signal.status === "present" && typeof signal.score === "number" && signal.score > 0;

const isLearned = (signal: Signal): boolean => LEARNED_SIGNALS.includes(signal.id);

const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/** logit() clamps probabilities to [1e-6, 1 − 1e-6], so no reading moves its term further than this. */
const LOGIT_LIMIT = logit(1);

/** The declarations' joint probability: any one of them is enough. */
const declaredProbability = (declarations: readonly Signal[]) =>
  1 - declarations.reduce((keep, signal) => keep * (1 - (signal.score as number)), 1);

/** The fitted model's log-odds from the scored signals it weighs. */
const modelledLogit = (model: LearnedFusion, modelled: readonly Signal[]) =>
  modelled.reduce(
    (sum, signal) => sum + (model.weights[signal.id] as number) * logit(signal.score as number),
    model.bias,
  );

/**
 * Why a learned detector's reading need not be computed, given the readings already made, or null
 * when it could change the verdict. Its term in the fitted model is at most weight × LOGIT_LIMIT
 * either way, so when the fused verdict is the same at both ends of that range, no reading of it
 * can change the verdict, and its CLIP pass would cost CPU for nothing. A declaration that already
 * decides "synthetic" cannot be undone by any learned reading either.
 */
export function whyReadingCannotChangeVerdict(
  id: SignalId,
  kind: MediaKind,
  known: Signal[],
  models: FusionModels = committedModels,
): string | null {
  const model = models[kind];
  const weight = model?.weights[id];
  if (!model || weight === undefined) return null;
  const scored = known.filter((signal) => signal.id !== id && typeof signal.score === "number");
  const declared = declaredProbability(scored.filter((s) => !isLearned(s)));
  if (declared >= SYNTHETIC_THRESHOLD)
    return "Not computed: the file's own declaration already decides that it is synthetic, and no reading of this detector could change that";
  const z = modelledLogit(
    model,
    scored.filter((signal) => model.weights[signal.id] !== undefined),
  );
  const highest = 1 / (1 + Math.exp(-(z + weight * LOGIT_LIMIT)));
  const lowest = 1 / (1 + Math.exp(-(z - weight * LOGIT_LIMIT)));
  const level = (p: number) => modelLevel(model, p);
  if (level(highest) !== level(lowest)) return null;
  const thresholds = (model.levels ? [model.levels.possible, model.levels.synthetic] : [model.operatingPoint])
    .map((p) => p.threshold.toFixed(3))
    .join(" and ");
  return `Not computed: whatever it read, the learned detectors' fused probability would stay between ${lowest.toFixed(3)} and ${highest.toFixed(3)}, on the same side of the thresholds ${thresholds}, so it could not change the verdict${level(highest) === "no-evidence" ? "; this says nothing about whether the face is synthetic" : ""}`;
}

/** The level the fitted model's probability reaches: by its levels, or its one operating point. */
function modelLevel(model: LearnedFusion, probability: number): SyntheticLevel {
  if (model.levels) return levelOf(probability, model.levels);
  return probability >= model.operatingPoint.threshold ? "synthetic" : "no-evidence";
}

/** What a verdict states of a level: its threshold, rates and the genuine pictures they were measured on. */
const statedLevel = (level: VerdictLevel): OperatingPoint => ({
  threshold: level.threshold,
  falsePositiveRate: level.falsePositiveRate,
  truePositiveRate: level.truePositiveRate,
  measuredOn: level.measuredOn,
  genuineCount: level.genuineCount,
});

const RANK: Record<SyntheticLevel, number> = { "no-evidence": 0, "possibly-synthetic": 1, synthetic: 2 };

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

interface LearnedReading {
  probability: number;
  level: SyntheticLevel;
  operatingPoint: OperatingPoint | undefined;
  basedOn: SignalId[];
}

/**
 * The learned detectors' joint reading. With a fitted fusion for the media kind, its logistic model
 * and levels decide; a learned signal outside the model speaks at its own operating point, which
 * says "synthetic" only if it meets the "synthetic" level's bar (synthetic-levels.ts), else "possibly".
 */
function learnedReading(learned: Signal[], model: LearnedFusion | undefined): LearnedReading | null {
  if (learned.length === 0) return null;
  const modelled = model ? learned.filter((signal) => model.weights[signal.id] !== undefined) : [];
  const ownPoint = learned.filter(
    (signal) => model?.weights[signal.id] === undefined && !(model?.leftOut ?? []).includes(signal.id),
  );
  const readings: LearnedReading[] = [];
  if (model && modelled.length > 0) {
    const probability = 1 / (1 + Math.exp(-modelledLogit(model, modelled)));
    const level = modelLevel(model, probability);
    // The level reached, or for no evidence the lowest bar it did not reach.
    const stated = model.levels
      ? statedLevel(level === "synthetic" ? model.levels.synthetic : model.levels.possible)
      : model.operatingPoint;
    readings.push({
      probability,
      level,
      operatingPoint: stated,
      basedOn: level !== "no-evidence" ? modelled.filter((s) => s.status === "present").map((s) => s.id) : [],
    });
  }
  for (const signal of ownPoint) {
    const found = signal.status === "present";
    readings.push({
      // A detector below its own point found nothing: its score must not raise the stated percentage.
      probability: found ? (signal.score as number) : 0,
      level: !found
        ? "no-evidence"
        : VOICE_COUNTERMEASURES.has(signal.id)
          ? "synthetic"
          : levelOfOwnPoint(signal.operatingPoint),
      operatingPoint: signal.operatingPoint,
      basedOn: found ? [signal.id] : [],
    });
  }
  if (readings.length === 0) {
    // Only left-out detectors scored: they are reported, but say nothing toward the verdict.
    return { probability: 0, level: "no-evidence", operatingPoint: model?.operatingPoint, basedOn: [] };
  }
  const level = readings.reduce<SyntheticLevel>((top, r) => (RANK[r.level] > RANK[top] ? r.level : top), "no-evidence");
  const deciding = readings.find((r) => r.level === level) ?? readings[0];
  return {
    probability: 1 - readings.reduce((keep, r) => keep * (1 - r.probability), 1),
    level,
    operatingPoint: deciding?.operatingPoint,
    basedOn: level === "no-evidence" ? [] : readings.filter((r) => r.level === level).flatMap((r) => r.basedOn),
  };
}

/** "4 of 311 genuine pictures" where the count is known, else the share alone. */
const genuineWords = (point: OperatingPoint) =>
  point.genuineCount !== undefined
    ? `${percent(point.falsePositiveRate)} of ${point.genuineCount} genuine pictures held out of every fit`
    : `${percent(point.falsePositiveRate)} of genuine media`;

export function fuseSignals(
  signals: Signal[],
  kind?: MediaKind,
  models: FusionModels = committedModels,
): SyntheticScore {
  const scored = signals.filter((signal) => typeof signal.score === "number");
  if (scored.length === 0) {
    const tampered = signals.some((signal) => signal.status === "present");
    return {
      score: null,
      status: "unknown",
      explanation: tampered
        ? "No signal scored the media, but some integrity problem was found (see signals)"
        : "No signal could tell whether the media is synthetic; this is not evidence that it is genuine",
    };
  }
  const declarations = scored.filter((signal) => !isLearned(signal));
  const declared = declaredProbability(declarations);
  const learned = learnedReading(scored.filter(isLearned), kind ? models[kind] : undefined);
  const score = 1 - (1 - declared) * (1 - (learned?.probability ?? 0));
  const byDeclaration = declared >= SYNTHETIC_THRESHOLD;
  const status: SyntheticLevel = byDeclaration ? "synthetic" : (learned?.level ?? "no-evidence");
  // The learned detectors' measured rates describe the verdict only where they decided it (or where
  // they looked and found nothing); a verdict resting on declarations alone does not carry them.
  const learnedDecided = learned !== null && (learned.level === status || status === "no-evidence");
  const operatingPoint = learnedDecided ? learned.operatingPoint : undefined;
  const basedOn = [
    ...declarations.filter(isEvidence).map((s) => s.id),
    ...(learned && learned.level === status ? learned.basedOn : []),
  ];
  const looked = scored.map((s) => s.id).join(", ");
  const measured = operatingPoint
    ? ` (learned detectors' threshold ${operatingPoint.threshold.toFixed(3)}, at which ${genuineWords(operatingPoint)} and ${percent(operatingPoint.truePositiveRate)} of synthetic media were flagged on ${operatingPoint.measuredOn})`
    : "";
  const explanation =
    status === "synthetic"
      ? `Likely synthetic (${(score * 100).toFixed(1)}%), from ${basedOn.join(", ") || looked}${learned?.level === "synthetic" ? measured : ""}`
      : status === "possibly-synthetic"
        ? `Possibly synthetic (${(score * 100).toFixed(1)}%), from ${basedOn.join(", ") || looked}${measured}; below the bar at which the product states "synthetic"`
        : `No signal found synthetic media (${looked} looked)${measured}; this does not prove it genuine`;
  return {
    score,
    status,
    explanation,
    ...(operatingPoint ? { operatingPoint } : {}),
  };
}

/** The signals a "synthetic" verdict rests on: declarations that fired and learned detectors above their point. */
function syntheticBasis(signals: Signal[]): string[] {
  return signals.filter(isEvidence).map((s) => s.id);
}

export function verdictsFor(
  synthetic: SyntheticScore,
  signals: Signal[],
  faces: DetectedFace[],
  voice: VoiceFindings | null,
): Verdict[] {
  const verdicts: Verdict[] = [];
  if (synthetic.status === "synthetic" && synthetic.score !== null) {
    verdicts.push({
      kind: "synthetic",
      conclusion: "likely synthetic",
      confidence: Math.round(synthetic.score * 1000) / 10,
      basedOn: syntheticBasis(signals),
    });
  }
  const bestByPerson = new Map<string, { confidence: number; faces: string[] }>();
  faces.forEach((face, index) => {
    if (!face.match || face.match.confidence < MATCH_VERDICT_CONFIDENCE) return;
    const entry = bestByPerson.get(face.match.personId) ?? { confidence: 0, faces: [] };
    entry.confidence = Math.max(entry.confidence, face.match.confidence);
    entry.faces.push(`face:${index}`);
    bestByPerson.set(face.match.personId, entry);
  });
  for (const [personId, entry] of bestByPerson) {
    verdicts.push({ kind: "face-match", conclusion: personId, confidence: entry.confidence, basedOn: entry.faces });
  }
  if (voice?.match && voice.match.confidence >= MATCH_VERDICT_CONFIDENCE) {
    verdicts.push({
      kind: "voice-match",
      conclusion: voice.match.personId,
      confidence: voice.match.confidence,
      basedOn: ["voice"],
    });
  }
  return verdicts;
}
