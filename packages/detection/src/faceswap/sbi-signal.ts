import type { DecodedImage } from "../media/image.js";
import { clipEncoderFor, sbiFaceSwapModel } from "../models/registry.js";
import type { Box, OperatingPoint, Signal } from "../result.js";
import { type ClipImageEncoder, ModelFileMissing } from "../synthetic-image/clip-encoder.js";
import { MIN_FACE_PX } from "../synthetic-image/clip-input.js";
import { faceCropFeatures, madeFaceCropFeatures } from "../synthetic-image/signals.js";
import type { SyntheticLevel, VerdictLevel } from "../synthetic-levels.js";
import { aggregateFrameScores } from "../video-aggregation.js";
import { SbiFaceSwapModel, type SbiHead, type SbiInput, sbiHead } from "./sbi-head-model.js";

/**
 * The "face-swap-sbi" signal: a logistic head on the largest face's crop, fitted on Self-Blended
 * Images of genuine faces only (scripts/fit-face-swap-sbi.ts), so it looks for what any swap leaves
 * (a face pasted onto its surroundings) rather than one method's fingerprint. It reads either CLIP
 * ViT-B/16's class token after the blocks `clipBlocks` names, from the face-synthetic signal's pass
 * of the same crop (no CLIP pass of its own when that signal has made it), or the blend-residual
 * ring features (plain double arithmetic, a few milliseconds per face).
 */

export type { SbiReading } from "./sbi-head-model.js";
export { SbiFaceSwapModel, type SbiHead, type SbiInput, sbiHead };

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** What a level states: its threshold, rates, the genuine faces they were measured on, and its bar. */
const stated = (level: VerdictLevel): OperatingPoint => ({
  threshold: level.threshold,
  falsePositiveRate: level.falsePositiveRate,
  truePositiveRate: level.truePositiveRate,
  measuredOn: level.measuredOn,
  genuineCount: level.genuineCount,
  maxFalsePositiveRate: level.maxFalsePositiveRate,
});

/** Why the head is kept out of the verdict, or null when it may speak (and analyseMedia computes it). */
export function whySbiIsSilent(head: SbiHead = sbiHead): string | null {
  if (head.levels && head.speaksAt !== "no-evidence") return null;
  return "Not computed: the blending-boundary detector flags too many genuine faces held out of its fit at any level it could state, so it is kept out of the verdict";
}

export interface SbiFinding {
  status: "present" | "absent";
  /** The level the reading reaches among those the head may state. */
  level: SyntheticLevel;
  /** The level reached, or for no evidence the lowest bar in force. */
  operatingPoint: OperatingPoint;
}

/**
 * The level a probability reaches. With levels, "synthetic" where the fit let it state that, else
 * "possibly" from the "possibly" threshold; fusion reads the level from the point's bar
 * (levelOfOwnPoint). Without levels (an older head), its one operating point decides.
 */
export function sbiFinding(probability: number, head: SbiHead = sbiHead): SbiFinding {
  const { levels } = head;
  if (!levels) {
    const present = probability >= head.operatingPoint.threshold;
    return {
      status: present ? "present" : "absent",
      level: present ? "possibly-synthetic" : "no-evidence",
      operatingPoint: head.operatingPoint,
    };
  }
  if (head.speaksAt === "synthetic" && probability >= levels.synthetic.threshold)
    return { status: "present", level: "synthetic", operatingPoint: stated(levels.synthetic) };
  if (probability >= levels.possible.threshold)
    return { status: "present", level: "possibly-synthetic", operatingPoint: stated(levels.possible) };
  return { status: "absent", level: "no-evidence", operatingPoint: stated(levels.possible) };
}

/** How the point was measured, in the explanation. */
function ruleWords(point: OperatingPoint, level: SyntheticLevel): string {
  const named =
    point.maxFalsePositiveRate === undefined
      ? ""
      : level === "synthetic"
        ? ' (its "synthetic" level)'
        : ' (its "possibly synthetic" level)';
  const genuine =
    point.genuineCount === undefined
      ? `${percent(point.falsePositiveRate)} of genuine faces`
      : `${percent(point.falsePositiveRate)} of ${point.genuineCount} genuine faces held out of its fit`;
  return `threshold ${point.threshold.toFixed(3)}${named}, at which ${genuine} and ${percent(point.truePositiveRate)} of face-swap frames were flagged (${point.measuredOn})`;
}

/** The CLIP encoder is missing or failed: unknown, saying so. */
function notComputed(error: unknown, evidence: Record<string, unknown>): Signal {
  const missing = error instanceof ModelFileMissing;
  const message = error instanceof Error ? error.message : String(error);
  return {
    id: "face-swap-sbi",
    status: "unknown",
    explanation: missing
      ? "Not computed: the CLIP image encoder is not installed (npm run setup); this says nothing about whether the face is swapped"
      : `Not computed: the CLIP image encoder failed (${message}); this says nothing about whether the face is swapped`,
    evidence: { ...evidence, ...(missing ? { modelMissing: error.file } : { error: message }) },
  };
}

interface LargestFace {
  box: Box;
  index: number;
}

function largestOf(faces: { box: Box }[]): LargestFace | null {
  return faces.reduce<LargestFace | null>(
    (best, face, index) =>
      !best || face.box.width * face.box.height > best.box.width * best.box.height ? { box: face.box, index } : best,
    null,
  );
}

/**
 * The largest face's reading ("unknown" without a face big enough to read). `faces` are boxes in the
 * stored picture's pixels, as every detector reports them.
 */
export interface SbiOptions {
  /** The CLIP encoder; the process's shared one by default. */
  encoder?: ClipImageEncoder;
  /**
   * false: read only a crop pass face-synthetic already made, and say unknown where it made none (a
   * video's frames, where a pass per frame would exceed the footage's CPU budget). Default true.
   */
  ownPass?: boolean;
  /** With `ownPass: false`, why the synthetic-face detector made no crop pass (e.g. it is left out), for the explanation. */
  whyNoSharedPass?: string;
}

export async function faceSwapSbiSignal(
  image: DecodedImage,
  faces: { box: Box }[],
  model: SbiFaceSwapModel = sbiFaceSwapModel(),
  options: SbiOptions = {},
): Promise<Signal> {
  const largest = largestOf(faces);
  if (!largest)
    return {
      id: "face-swap-sbi",
      status: "unknown",
      explanation: "No face was found, so none was examined for a face swap's blending boundary",
      evidence: { faces: 0 },
    };
  const { scale } = image;
  const box = {
    x: largest.box.x * scale,
    y: largest.box.y * scale,
    width: largest.box.width * scale,
    height: largest.box.height * scale,
  };
  if (Math.min(box.width, box.height) < MIN_FACE_PX)
    return {
      id: "face-swap-sbi",
      status: "unknown",
      explanation: `The largest face (${Math.round(largest.box.width)}×${Math.round(largest.box.height)} px) is too small to examine for a face swap's blending boundary`,
      evidence: { face: largest.index, faceBox: largest.box },
    };
  let clip: SbiInput["clip"];
  if (model.head.input === "clip-blocks") {
    const encoder = options.encoder ?? clipEncoderFor(model.head);
    const pass =
      options.ownPass === false
        ? madeFaceCropFeatures(encoder, image.pixels, box)
        : faceCropFeatures(encoder, image.pixels, box);
    if (!pass)
      return {
        id: "face-swap-sbi",
        status: "unknown",
        explanation: `Not computed: here the face-swap head reads only face crops the synthetic-face detector already passed through CLIP (a pass of its own for every video frame would take video analysis past its CPU budget), and none was made for this frame${options.whyNoSharedPass ? ` (${options.whyNoSharedPass})` : ""}; this says nothing about whether the face is swapped`,
        evidence: { skipped: true, face: largest.index, faceBox: largest.box },
      };
    try {
      clip = await pass;
    } catch (error) {
      return notComputed(error, { face: largest.index, faceBox: largest.box });
    }
  }
  const reading = await model.predict({ pixels: image.pixels, box, ...(clip ? { clip } : {}) });
  const finding = sbiFinding(reading.probability, model.head);
  const rule = ruleWords(
    finding.operatingPoint,
    finding.level === "no-evidence" ? "possibly-synthetic" : finding.level,
  );
  const lookedAt = `The blending-boundary detector (fitted on self-blended genuine faces) on the largest face (face ${largest.index}, ${Math.round(largest.box.width)}×${Math.round(largest.box.height)} px, of ${faces.length})`;
  return {
    id: "face-swap-sbi",
    status: finding.status,
    score: reading.probability,
    explanation:
      finding.status === "present"
        ? `${lookedAt}: ${model.head.input === "clip-blocks" ? "the face crop's CLIP features resemble those of faces blended onto themselves, as a pasted face's do" : "the face's sharpness, noise or colour part from its surroundings as a pasted face's do"} (probability ${reading.probability.toFixed(3)}, ${rule})`
        : `${lookedAt}: below the threshold (probability ${reading.probability.toFixed(3)}, ${rule}); this does not prove it genuine`,
    evidence: {
      rawScore: reading.raw,
      features: model.head.features,
      face: largest.index,
      faceBox: largest.box,
      level: finding.level,
    },
    operatingPoint: finding.operatingPoint,
  };
}

/**
 * A video's reading: each read frame's largest face, then the robust top-k mean over the frames
 * (video-aggregation.ts), decided at the same levels as a picture's face (they were measured on
 * single faces; the fit also measures them on whole clips, sbi-head.json `video`).
 */
export async function faceSwapSbiOverFrames(
  frames: readonly { timeSeconds: number; image: DecodedImage; faces: { box: Box }[] }[],
  model: SbiFaceSwapModel = sbiFaceSwapModel(),
  options: SbiOptions = {},
): Promise<Signal> {
  const readings: { timeSeconds: number; score: number }[] = [];
  let notRead: Signal | undefined;
  for (const frame of frames) {
    if (frame.faces.length === 0) continue;
    const signal = await faceSwapSbiSignal(frame.image, frame.faces, model, options);
    if (typeof signal.score === "number") readings.push({ timeSeconds: frame.timeSeconds, score: signal.score });
    else if (signal.evidence.skipped || signal.explanation.startsWith("Not computed")) notRead ??= signal;
  }
  const aggregated = aggregateFrameScores(readings);
  // Faces were there, but no frame was read (no crop pass made, or the encoder failed): say why.
  if (aggregated.score === null && notRead)
    return { ...notRead, explanation: `On no frame: ${notRead.explanation}`, evidence: { framesRead: 0 } };
  if (aggregated.score === null)
    return {
      id: "face-swap-sbi",
      status: "unknown",
      explanation:
        "No face large enough to examine was found in the frames read, so none was examined for a face swap's blending boundary; this says nothing about whether the video is synthetic",
      evidence: { framesRead: 0 },
    };
  const finding = sbiFinding(aggregated.score, model.head);
  const frameList = aggregated.frames.map((f) => ({ timeSeconds: f.timeSeconds, score: Number(f.score.toFixed(4)) }));
  const over = `the mean of the ${frameList.length} highest of ${aggregated.framesRead} frames read (${frameList.map((f) => `${f.timeSeconds.toFixed(1)} s`).join(", ")})`;
  const rule = ruleWords(
    finding.operatingPoint,
    finding.level === "no-evidence" ? "possibly-synthetic" : finding.level,
  );
  return {
    id: "face-swap-sbi",
    status: finding.status,
    score: aggregated.score,
    explanation:
      finding.status === "present"
        ? `The blending-boundary detector reads ${aggregated.score.toFixed(3)}, ${over}: ${model.head.input === "clip-blocks" ? "the face crops' CLIP features resemble those of faces blended onto themselves, as pasted faces' do" : "the faces' sharpness, noise or colour part from their surroundings as pasted faces' do"} (${rule})`
        : `The blending-boundary detector reads ${aggregated.score.toFixed(3)}, ${over}, below the threshold (${rule}); this does not prove the video genuine`,
    evidence: { framesRead: aggregated.framesRead, frames: frameList, level: finding.level },
    operatingPoint: finding.operatingPoint,
  };
}
