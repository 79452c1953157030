import { mesonetCalibrationFit } from "../fitted/heads.js";
import type { DecodedImage, RgbImage } from "../media/image.js";
import { mesoNet } from "../models/registry.js";
import type { Box, Signal } from "../result.js";
import { mesonetInput } from "./mesonet-input.js";
import { type MesoNet, MesoNetWeightsMissing } from "./mesonet-model.js";
import { beatsChance, calibratedFakeProbability, type MesoNetCalibration } from "./operating-point.js";

/**
 * The "face-swap-mesonet" signal: MesoNet on each detected face's crop, the most swapped-looking
 * face deciding, calibrated and decided at the operating point fitted by scripts/fit-mesonet.ts.
 * Faces come from whichever detector the caller ran: only their boxes are used.
 */

export const mesonetCalibration: MesoNetCalibration = mesonetCalibrationFit;

/** A face as any detector reports it: its box in the stored picture's pixels. */
export interface FaceBox {
  box: Box;
  landmarks?: { x: number; y: number }[];
}

/** Faces smaller than this (shorter box side, analysis pixels) are not scored: MesoNet sees 256² crops. */
export const MESONET_MIN_FACE_PX = 32;

export interface MesoNetFaceReading {
  /** Index into the faces passed in. */
  face: number;
  /** 1 − the network's p(real). */
  rawFakeProbability: number;
  /** The face box's longer side in the analysis copy's pixels (the calibration may weigh it). */
  faceSidePx: number;
  /** Platt-calibrated probability of a face swap. */
  probability: number;
}

/**
 * Faces read per picture, largest first: each costs about 5 ms of CPU, and a crowd would break the
 * picture's latency budget. The people a likeness scan looks for fill the frame more often than not.
 */
export const MESONET_MAX_FACES = 4;

export interface MesoNetOptions {
  model?: MesoNet;
  calibration?: MesoNetCalibration;
  /** At most this many faces are read, the largest first (default MESONET_MAX_FACES). */
  maxFaces?: number;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

const toAnalysisPixels = (box: Box, scale: number): Box => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

/**
 * MesoNet's reading of each scorable face of one picture (or video frame) as analysed: `pixels`
 * the analysis copy, `scale` its size over the stored picture's (boxes are in stored pixels).
 * Throws MesoNetWeightsMissing when the weights are not installed.
 */
export async function mesonetFaceReadings(
  pixels: RgbImage,
  scale: number,
  faces: readonly FaceBox[],
  options: MesoNetOptions = {},
): Promise<MesoNetFaceReading[]> {
  const calibration = options.calibration ?? mesonetCalibration;
  const model = options.model ?? mesoNet(calibration.variant);
  const boxes = faces
    .map((face, index) => ({ index, box: toAnalysisPixels(face.box, scale) }))
    .filter(({ box }) => Math.min(box.width, box.height) >= MESONET_MIN_FACE_PX)
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
    .slice(0, options.maxFaces ?? MESONET_MAX_FACES);
  if (boxes.length === 0) return [];
  const crops = await Promise.all(boxes.map(({ box }) => mesonetInput(pixels, box, calibration.cropMargin)));
  const batch = new Float32Array(crops.reduce((n, crop) => n + crop.length, 0));
  for (const [i, crop] of crops.entries()) batch.set(crop, i * crop.length);
  const pReal = await model.predict(batch);
  return boxes.map(({ index, box }, i) => {
    const rawFakeProbability = 1 - (pReal[i] as number);
    const faceSidePx = Math.max(box.width, box.height);
    return {
      face: index,
      rawFakeProbability,
      faceSidePx,
      probability: calibratedFakeProbability(rawFakeProbability, calibration, faceSidePx),
    };
  });
}

function unknown(explanation: string, evidence: Record<string, unknown>): Signal {
  return { id: "face-swap-mesonet", status: "unknown", explanation, evidence };
}

/** Why no MesoNet reading can count as evidence at this calibration, or null when one can. */
export function whyMesonetAddsNoEvidence(calibration: MesoNetCalibration = mesonetCalibration): string | null {
  const point = calibration.operatingPoint;
  if (beatsChance(point)) return null;
  return (
    `At its fitted operating point (threshold ${point.threshold.toFixed(3)}) MesoNet flagged ${percent(point.truePositiveRate)} ` +
    `of face swaps while flagging ${percent(point.falsePositiveRate)} of genuine faces (${point.measuredOn}): no better than chance, ` +
    "so its reading is not evidence either way"
  );
}

/** The face-swap signal of one picture; `faces` are the detector's faces in stored-picture pixels. */
export async function mesonetSignal(
  image: DecodedImage,
  faces: readonly FaceBox[],
  options: MesoNetOptions = {},
): Promise<Signal> {
  const calibration = options.calibration ?? mesonetCalibration;
  const point = calibration.operatingPoint;
  let readings: MesoNetFaceReading[];
  try {
    readings = await mesonetFaceReadings(image.pixels, image.scale, faces, { ...options, calibration });
  } catch (error) {
    if (error instanceof MesoNetWeightsMissing)
      return unknown(
        "Not computed: the MesoNet weights are not installed (npm run setup); this says nothing about whether a face is swapped",
        { modelMissing: error.file },
      );
    const message = error instanceof Error ? error.message : String(error);
    return unknown(`Not computed: MesoNet failed (${message}); this says nothing about whether a face is swapped`, {
      error: message,
    });
  }
  if (readings.length === 0)
    return unknown(
      `Not computed: no face of at least ${MESONET_MIN_FACE_PX} px to examine; this says nothing about whether the picture is synthetic`,
      { faces: faces.length },
    );
  const strongest = readings.reduce((best, r) => (r.probability > best.probability ? r : best));
  const evidence = {
    model: `mesonet-${calibration.variant}`,
    calibration: calibration.faceSide
      ? "logistic on MesoNet's log-odds and the face's size (small, upscaled faces read fake more often)"
      : "Platt scaling of MesoNet's log-odds",
    faces: readings.map((r) => ({
      face: r.face,
      rawFakeProbability: Number(r.rawFakeProbability.toFixed(4)),
      faceSidePx: Math.round(r.faceSidePx),
      probability: Number(r.probability.toFixed(4)),
    })),
    decidingFace: strongest.face,
    threshold: point.threshold,
    measuredFalsePositiveRate: point.falsePositiveRate,
    measuredTruePositiveRate: point.truePositiveRate,
  };
  const noEvidence = whyMesonetAddsNoEvidence(calibration);
  if (noEvidence)
    return {
      id: "face-swap-mesonet",
      status: "absent",
      score: 0,
      explanation: `${noEvidence} (this face read ${strongest.probability.toFixed(3)})`,
      evidence: { ...evidence, notEvidence: true },
      operatingPoint: point,
    };
  const swapped = strongest.probability >= point.threshold;
  const measured = `threshold ${point.threshold.toFixed(3)}, at which ${percent(point.falsePositiveRate)} of genuine faces and ${percent(point.truePositiveRate)} of face swaps were flagged on ${point.measuredOn}`;
  return {
    id: "face-swap-mesonet",
    status: swapped ? "present" : "absent",
    score: strongest.probability,
    explanation: swapped
      ? `MesoNet reads face ${strongest.face + 1} as a face swap (${strongest.probability.toFixed(3)}; ${measured})`
      : `MesoNet found no face swap (highest face ${strongest.probability.toFixed(3)}; ${measured})`,
    evidence,
    operatingPoint: point,
  };
}
