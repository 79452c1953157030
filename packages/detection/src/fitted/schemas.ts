/**
 * What each kind of fitted head must hold for the engine to read it: a zod schema per kind. Only
 * the fields the engine reads are checked; a fit's record of how it was made (λ searches, per-clip
 * tables, figures) passes through unchecked, since nothing decides on it.
 */
import { z } from "zod";
import type { SignalId } from "../result.js";

const SIGNAL_IDS = [
  "c2pa",
  "iptc-digital-source-type",
  "generator-metadata",
  "sd-watermark",
  "voice-antispoof",
  "voice-synthetic",
  "ai-image",
  "face-synthetic",
  "face-swap-mesonet",
  "face-swap-sbi",
  "face-forgery-net",
  "container-metadata",
] as const satisfies readonly SignalId[];
// Every signal id listed, so a fit naming a new signal is not refused: a missing one fails to compile.
const everySignalListed: Exclude<SignalId, (typeof SIGNAL_IDS)[number]> extends never ? true : never = true;
void everySignalListed;
const signalId = z.enum(SIGNAL_IDS);
const rate = z.number().min(0).max(1);
const finite = z.number().finite();
const platt = z.object({ a: finite, b: finite });
const syntheticLevel = z.enum(["synthetic", "possibly-synthetic", "no-evidence"]);

const operatingPoint = z.looseObject({
  threshold: finite,
  falsePositiveRate: rate,
  truePositiveRate: rate,
  measuredOn: z.string(),
  genuineCount: z.number().int().nonnegative().optional(),
  maxFalsePositiveRate: rate.optional(),
});

const verdictLevel = operatingPoint.extend({
  maxFalsePositiveRate: rate,
  genuineCount: z.number().int().nonnegative(),
  syntheticCount: z.number().int().nonnegative(),
  byGenuineSource: z.record(
    z.string(),
    z.object({ genuine: z.number().int(), flagged: z.number().int(), falsePositiveRate: rate }),
  ),
  recallBySystem: z.record(
    z.string(),
    z.object({ synthetic: z.number().int(), flagged: z.number().int(), recall: rate }),
  ),
});
const verdictLevels = z.looseObject({ synthetic: verdictLevel, possible: verdictLevel });

/** A linear probe on CLIP features (ai-image, face-synthetic): synthetic-image/linear-probe.ts. */
export const linearProbeHead = z.looseObject({
  features: z.string(),
  clipBlocks: z.array(z.number().int().min(0).max(11)).min(1).optional(),
  weights: z.array(finite).min(1),
  bias: finite,
  platt,
  operatingPoint,
  fit: z.record(z.string(), z.unknown()),
});

/** The blend-boundary head (face-swap-sbi): faceswap/sbi-head-model.ts. */
export const sbiHead = linearProbeHead.extend({
  input: z.enum(["residual", "clip-blocks"]),
  levels: verdictLevels.optional(),
  speaksAt: syntheticLevel.optional(),
});

/** The face-forgery network's file, bars and levels (face-forgery-net): faceswap/sbi-net-signal.ts. */
export const sbiNetHead = z.looseObject({
  file: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().positive(),
  bars: z.object({ syntheticMaxFpr: rate, possibleMaxFpr: rate, possiblePerSource: z.boolean() }),
  levels: verdictLevels,
  speaksAt: syntheticLevel,
});

/** MesoNet's calibration (face-swap-mesonet): faceswap/operating-point.ts. */
export const mesonetCalibration = z.looseObject({
  variant: z.enum(["meso4", "mesoinception4"]),
  cropMargin: z.number().positive().optional(),
  platt,
  faceSide: z.object({ centrePx: z.number().positive(), linear: finite, quadratic: finite }).optional(),
  operatingPoint,
  fitAuc: rate,
  counts: z.object({ genuine: z.number().int(), swapped: z.number().int() }),
  fittedAt: z.string(),
});

/** The Whisper-encoder countermeasure (voice-synthetic): voice-synthetic/countermeasure.ts. */
export const countermeasureHead = z
  .looseObject({
    hiddenStates: z.array(z.number().int().min(0)).min(1),
    weights: z.array(finite),
    logStandardDeviations: z.boolean().optional(),
    bias: finite,
    platt,
    maxWindows: z.number().int().positive(),
    operatingPoint,
    fit: z.record(z.string(), z.unknown()),
  })
  .refine((head) => head.weights.length === head.hiddenStates.length * 1024, {
    message: "weights must hold 1024 per hidden state (512 on the means, 512 on the standard deviations)",
    path: ["weights"],
  });

/** The countermeasure's leave-one-voice-out heads (the benchmark's only). */
export const heldOutHeads = z.looseObject({
  note: z.string(),
  heads: z.record(z.string(), z.object({ weightsBase64: z.string(), bias: finite })),
});

const learnedFusion = z.looseObject({
  weights: z.partialRecord(signalId, finite),
  bias: finite,
  operatingPoint,
  levels: verdictLevels.optional(),
  leftOut: z.array(signalId).optional(),
  ownOperatingPoint: z
    .object({ detectors: z.array(signalId), falsePositiveRate: rate, truePositiveRate: rate, measuredOn: z.string() })
    .optional(),
});

/** The learned fusion per media kind, with its verdict levels: fusion.ts. */
export const fusionModels = z.partialRecord(z.enum(["image", "video", "audio"]), learnedFusion);

/** The speaker-embedding distance calibration: voice/matching.ts. */
export const voiceCalibration = z.looseObject({
  calibration: z.looseObject({
    metric: z.enum(["euclidean", "cosine"]),
    a: z.number().positive(),
    b: finite,
    threshold: finite,
    genuinePairs: z.number().int(),
    impostorPairs: z.number().int(),
    source: z.string(),
  }),
});

/** AASIST's operating point (voice-antispoof): antispoof/calibration.ts. */
export const antispoofCalibration = z.looseObject({
  operatingPoint: z.looseObject({
    threshold: finite,
    targetFalseAlarm: rate,
    fitFalseAlarm: rate,
    heldOutFalseAlarm: rate,
    cloneDetectionRate: rate,
    source: z.string(),
  }),
});

/** The explicit-content classifier's measured false positives: explicit/finding.ts. */
export const explicitMeasurement = z.looseObject({
  threshold: rate,
  genuinePictures: z.number().int(),
  flagged: z.number().int(),
  falsePositiveRate: rate,
  sets: z.string(),
  measuredAt: z.string(),
  video: z
    .looseObject({
      genuineVideos: z.number().int(),
      flagged: z.number().int(),
      falsePositiveRate: rate,
      sets: z.string(),
      bySource: z.record(z.string(), z.object({ videos: z.number().int(), flagged: z.number().int() })).optional(),
      flaggedFiles: z.array(z.string()).optional(),
    })
    .optional(),
});

const videoRuleMeasurement = z.looseObject({
  genuineVideos: z.number().int(),
  flagged: z.number().int(),
  falsePositiveRate: rate,
  sets: z.string(),
});

/** The explicit-content video rule: explicit/video-finding.ts. */
export const explicitVideoRule = z.looseObject({
  rule: z.looseObject({
    frameThreshold: rate,
    minShare: rate,
    minFrames: z.number().int().positive(),
    minSpanSeconds: z.number().nonnegative(),
    darkLuma: rate,
  }),
  heldOut: videoRuleMeasurement,
  fittedAt: z.string(),
});
