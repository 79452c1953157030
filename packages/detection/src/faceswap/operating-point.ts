import type { OperatingPoint } from "../result.js";

/**
 * How a MesoNet reading becomes a probability and a decision: a logistic calibration of the
 * network's log-odds of a fake (optionally with the face's size in the picture, below), and the
 * calibrated threshold that flagged at most 2% of the genuine faces held out of the fit, with what
 * it was measured to do there. Fitted by scripts/fit-mesonet.ts.
 */

export interface MesoNetCalibration {
  variant: "meso4" | "mesoinception4";
  /** Crop side over the face box's longer side the calibration was fitted with (default 1.3). */
  cropMargin?: number;
  /** p = sigmoid(a · logit(pFake) + b [+ the faceSide terms]), pFake = 1 − the network's p(real). */
  platt: { a: number; b: number };
  /**
   * MesoNet reads a face upscaled from few pixels as fake (it learnt on compressed video faces), so
   * the same raw reading means less on a small face than on a large one. With these terms the
   * log-odds add linear · s + quadratic · s², s = ln(face side / centrePx), the side being the
   * face box's longer side in the analysis copy's pixels.
   */
  faceSide?: { centrePx: number; linear: number; quadratic: number };
  operatingPoint: OperatingPoint;
  /** ROC AUC of the raw reading on the fit's faces (genuine vs face swap). */
  fitAuc: number;
  counts: { genuine: number; swapped: number };
  fittedAt: string;
  /** Share flagged per training swap pair while that pair was held out of the fit. */
  heldOutBySwapPair?: Record<string, { genuine: number; swapped: number }>;
  /** Every candidate (variant, crop margin, calibration) with its held-out figures. */
  candidates?: Record<string, { heldOutAuc: number; heldOutTprAt2: number; heldOutFpr: number }>;
}

const EPS = 1e-6;
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
export const logit = (p: number) => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return Math.log(q / (1 - q));
};

/** The calibration's log-odds features of one reading: logit(pFake) and, with size terms, s and s². */
export function faceSideTerm(faceSidePx: number, centrePx: number): number {
  return Math.log(Math.max(1, faceSidePx) / centrePx);
}

/**
 * The calibrated probability of a swap for one face's raw reading; `faceSidePx` (the box's longer
 * side in analysis-copy pixels) is needed when the calibration has size terms.
 */
export function calibratedFakeProbability(pFake: number, calibration: MesoNetCalibration, faceSidePx?: number): number {
  const { platt, faceSide } = calibration;
  let z = platt.a * logit(pFake) + platt.b;
  if (faceSide) {
    if (faceSidePx === undefined) throw new Error("This MesoNet calibration needs the face's size");
    const s = faceSideTerm(faceSidePx, faceSide.centrePx);
    z += faceSide.linear * s + faceSide.quadratic * s * s;
  }
  return sigmoid(z);
}

/**
 * Whether the operating point tells swaps from genuine faces better than chance: it flags a
 * larger share of swaps than of genuine faces. When it does not, no reading is evidence.
 */
export const beatsChance = (point: OperatingPoint): boolean => point.truePositiveRate > point.falsePositiveRate;
