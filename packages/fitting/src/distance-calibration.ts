/**
 * The distance → confidence calibration of face and voice matching (@lg/detection/identity's
 * Calibration), fitted on labelled genuine and impostor pairs by fit:speaker-calibration and the
 * detection benchmark.
 */
import type { Calibration } from "@lg/detection/identity";

/** Distances between pairs of the same person (genuine) and of different people (impostor). */
export interface PairDistances {
  genuine: number[];
  impostor: number[];
}

/**
 * Fits the logistic curve by Newton's method on the log-likelihood, weighting the classes equally
 * so a set with far more impostor than genuine pairs does not push every score towards "different".
 */
export function fitCalibration(pairs: PairDistances, metric: Calibration["metric"], source: string): Calibration {
  const { genuine, impostor } = pairs;
  if (genuine.length === 0 || impostor.length === 0) {
    throw new Error("Calibration needs at least one genuine and one impostor pair");
  }
  const wGenuine = 0.5 / genuine.length;
  const wImpostor = 0.5 / impostor.length;
  const samples: { d: number; y: number; w: number }[] = [
    ...genuine.map((d) => ({ d, y: 1, w: wGenuine })),
    ...impostor.map((d) => ({ d, y: 0, w: wImpostor })),
  ];
  // Model p = sigmoid(u·d + v); the stored parameters are a = -u, b = -v.
  let u = 0;
  let v = 0;
  const ridge = 1e-6;
  for (let iteration = 0; iteration < 100; iteration++) {
    let gu = 0;
    let gv = 0;
    let huu = ridge;
    let huv = 0;
    let hvv = ridge;
    for (const { d, y, w } of samples) {
      const p = 1 / (1 + Math.exp(-(u * d + v)));
      const r = w * (y - p);
      gu += r * d;
      gv += r;
      const s = w * p * (1 - p);
      huu += s * d * d;
      huv += s * d;
      hvv += s;
    }
    const det = huu * hvv - huv * huv;
    if (!Number.isFinite(det) || Math.abs(det) < 1e-18) break;
    const du = (hvv * gu - huv * gv) / det;
    const dv = (huu * gv - huv * gu) / det;
    u += du;
    v += dv;
    // Perfectly separable data drives the slope to infinity; cap it where probabilities saturate.
    if (Math.abs(u) > 1e4) break;
    if (Math.abs(du) < 1e-9 && Math.abs(dv) < 1e-9) break;
  }
  const a = -u;
  const b = -v;
  return {
    metric,
    a,
    b,
    threshold: a === 0 ? Number.NaN : -b / a,
    genuinePairs: genuine.length,
    impostorPairs: impostor.length,
    source,
  };
}
