import type { OperatingPoint } from "../result.js";

/**
 * How a MesoNet reading becomes a probability and a decision: Platt scaling of the network's
 * log-odds of a fake, and the calibrated threshold that flagged at most 2% of the genuine faces
 * it was fitted on, with what it was measured to do there. Fitted by scripts/fit-mesonet.ts.
 */

export interface MesoNetCalibration {
  variant: "meso4" | "mesoinception4";
  /** Crop side over the face box's longer side the calibration was fitted with (default 1.3). */
  cropMargin?: number;
  /** p = sigmoid(a · logit(pFake) + b), pFake = 1 − the network's p(real). */
  platt: { a: number; b: number };
  operatingPoint: OperatingPoint;
  /** ROC AUC of the raw reading on the fit's faces (genuine vs face swap). */
  fitAuc: number;
  counts: { genuine: number; swapped: number };
  fittedAt: string;
}

const EPS = 1e-6;
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
export const logit = (p: number) => {
  const q = Math.min(1 - EPS, Math.max(EPS, p));
  return Math.log(q / (1 - q));
};

export const calibratedFakeProbability = (pFake: number, { platt }: MesoNetCalibration): number =>
  sigmoid(platt.a * logit(pFake) + platt.b);

/**
 * Whether the operating point tells swaps from genuine faces better than chance: it flags a
 * larger share of swaps than of genuine faces. When it does not, no reading is evidence.
 */
export const beatsChance = (point: OperatingPoint): boolean => point.truePositiveRate > point.falsePositiveRate;

/** One-feature logistic regression (Platt scaling): Newton steps with backtracking, lightly L2-regularised. */
export function fitPlatt(features: number[], labels: number[], l2 = 1e-3): { a: number; b: number } {
  const loss = (a: number, b: number) =>
    features.reduce(
      (sum, x, i) => {
        const z = a * x + b;
        // log(1 + e^z) − y·z, written to stay finite for large |z|.
        return sum + Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z))) - (labels[i] as number) * z;
      },
      0.5 * l2 * a * a,
    );
  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 200; iteration++) {
    let ga = l2 * a;
    let gb = 0;
    let haa = l2;
    let hab = 0;
    let hbb = 1e-9;
    features.forEach((x, i) => {
      const p = sigmoid(a * x + b);
      const r = p - (labels[i] as number);
      const w = p * (1 - p);
      ga += r * x;
      gb += r;
      haa += w * x * x;
      hab += w * x;
      hbb += w;
    });
    const det = haa * hbb - hab * hab;
    if (!(Math.abs(det) > 1e-12)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    const before = loss(a, b);
    let step = 1;
    while (step > 1e-6 && !(loss(a - step * da, b - step * db) <= before)) step /= 2;
    a -= step * da;
    b -= step * db;
    if (Math.abs(step * da) + Math.abs(step * db) < 1e-10) break;
  }
  return { a, b };
}
