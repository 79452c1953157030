/**
 * Weighted ridge probes scored out of fold, fast enough to compare many feature sets (measure-rine.ts):
 * each class's weighted moments are summed once, and a fold's model comes from the totals minus the
 * fold's own rows, then one Cholesky solve per penalty. Features are standardised on each fold's
 * training rows (weighted), as the logistic probes are. A ridge fit of ±1 targets ranks like the
 * logistic probe it stands in for; calibration is not its job here: levels are set on its ranks.
 */
import { choleskySolve } from "./cross-validation.js";

export interface RidgeRow {
  x: Float64Array;
  y: 0 | 1;
  /** Weight within its class (e.g. 1/√ its group's size); classes are rebalanced per fit. */
  weight: number;
  /** Fold id; rows of a fold are scored by the model fitted without them. */
  fold: string;
}

interface Moments {
  /** Σ w x xᵀ (lower triangle used), Σ w x, Σ w. */
  s: Float64Array;
  m: Float64Array;
  w: number;
}

function moments(rows: RidgeRow[], d: number): Moments {
  const s = new Float64Array(d * d);
  const m = new Float64Array(d);
  let w = 0;
  for (const row of rows) {
    const { x, weight } = row;
    w += weight;
    for (let i = 0; i < d; i++) {
      const wi = weight * (x[i] as number);
      m[i] = (m[i] as number) + wi;
      const base = i * d;
      for (let j = 0; j <= i; j++) s[base + j] = (s[base + j] as number) + wi * (x[j] as number);
    }
  }
  return { s, m, w };
}

const minus = (a: Moments, b: Moments): Moments => ({
  s: a.s.map((v, i) => v - (b.s[i] as number)),
  m: a.m.map((v, i) => v - (b.m[i] as number)),
  w: a.w - b.w,
});

export interface RidgeModel {
  weights: Float64Array;
  bias: number;
}

/** The ridge model of two classes' moments, each class carrying half the weight. */
function solve(genuine: Moments, synthetic: Moments, d: number, lambda: number): RidgeModel {
  const c0 = 0.5 / genuine.w;
  const c1 = 0.5 / synthetic.w;
  // Weighted mean and covariance of the rebalanced mixture (total weight 1), targets −1 / +1.
  const mean = new Float64Array(d);
  for (let i = 0; i < d; i++) mean[i] = c0 * (genuine.m[i] as number) + c1 * (synthetic.m[i] as number);
  const cov = new Float64Array(d * d);
  for (let i = 0; i < d; i++)
    for (let j = 0; j <= i; j++) {
      const v =
        c0 * (genuine.s[i * d + j] as number) +
        c1 * (synthetic.s[i * d + j] as number) -
        (mean[i] as number) * (mean[j] as number);
      cov[i * d + j] = v;
      cov[j * d + i] = v;
    }
  const scale = new Float64Array(d);
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(Math.max(cov[i * d + i] as number, 1e-12));
  // Σ w t (x − mean) with t = ±1: the mean term vanishes, as each class weighs half.
  const rhs = new Float64Array(d);
  for (let i = 0; i < d; i++)
    rhs[i] = (c1 * (synthetic.m[i] as number) - c0 * (genuine.m[i] as number)) / (scale[i] as number);
  const a = new Float64Array(d * d);
  // λ is per unit of total weight: the mixture weighs 1, like one "average" row times n in a sum.
  for (let i = 0; i < d; i++)
    for (let j = 0; j < d; j++)
      a[i * d + j] =
        (cov[i * d + j] as number) / ((scale[i] as number) * (scale[j] as number)) + (i === j ? lambda : 0);
  const beta = choleskySolve(a, rhs, d);
  const weights = beta.map((b, i) => b / (scale[i] as number));
  const bias = -weights.reduce((sum, w, i) => sum + w * (mean[i] as number), 0);
  return { weights, bias };
}

export const ridgeScore = (model: RidgeModel, x: Float64Array) => {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] as number) * (x[i] as number);
  return z;
};

/**
 * Out-of-fold scores for each penalty, plus a model per penalty fitted on every row (`full`), for
 * scoring material held out of every fit.
 */
export function ridgeOutOfFold(
  rows: RidgeRow[],
  lambdas: number[],
): { scores: Map<number, number[]>; full: Map<number, RidgeModel> } {
  const d = rows[0]?.x.length ?? 0;
  const byClass = [0, 1].map((y) => rows.filter((r) => r.y === y));
  const totals = byClass.map((r) => moments(r, d)) as [Moments, Moments];
  const scores = new Map(lambdas.map((l) => [l, new Array<number>(rows.length).fill(Number.NaN)]));
  const full = new Map(lambdas.map((l) => [l, solve(totals[0], totals[1], d, l)]));
  for (const fold of new Set(rows.map((r) => r.fold))) {
    const inFold = rows.map((r, i) => [r, i] as const).filter(([r]) => r.fold === fold);
    const held = [0, 1].map((y) =>
      moments(
        inFold.filter(([r]) => r.y === y).map(([r]) => r),
        d,
      ),
    );
    const genuine = minus(totals[0], held[0] as Moments);
    const synthetic = minus(totals[1], held[1] as Moments);
    if (genuine.w <= 0 || synthetic.w <= 0) continue;
    for (const lambda of lambdas) {
      const model = solve(genuine, synthetic, d, lambda);
      const out = scores.get(lambda) as number[];
      for (const [row, i] of inFold) out[i] = ridgeScore(model, row.x);
    }
  }
  return { scores, full };
}
