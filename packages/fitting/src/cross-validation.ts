/**
 * The picture probes' fitting machinery, shared by `npm run fit:image` (scripts/fit-image-detectors.ts)
 * and the measurements that compare features on the same folds (scripts/measure-rine.ts): weighted
 * L2 logistic regression by Newton's method (also fit:mesonet's calibration and fit:fusion's
 * model), per-feature standardisation, held-out scores by fold (folds from assignFolds, folds.ts).
 */
import { sigmoid } from "@lg/detection/synthetic-image/linear-probe";
import { outOfFoldScores } from "@lg/fitting/folds";

export interface Example extends WeightedRow {
  x: Float64Array;
  y: 0 | 1;
  group: string;
  /** Cross-validation fold (assignFolds). */
  fold: number;
}

export interface LinearModel {
  weights: Float64Array;
  bias: number;
}

export function choleskySolve(matrix: Float64Array, rhs: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * n + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[i * n + k] as number) * (l[j * n + k] as number);
      l[i * n + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / (l[j * n + j] as number);
    }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = rhs[i] as number;
    for (let k = 0; k < i; k++) sum -= (l[i * n + k] as number) * (y[k] as number);
    y[i] = sum / (l[i * n + i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k++) sum -= (l[k * n + i] as number) * (x[k] as number);
    x[i] = sum / (l[i * n + i] as number);
  }
  return x;
}

/** A row of a weighted logistic fit: its features, its class and how much it counts. */
export interface WeightedRow {
  x: ArrayLike<number>;
  y: number;
  weight: number;
}

/**
 * Weighted L2-penalised logistic regression (bias unpenalised) by Newton's method, for the picture
 * probes, the MesoNet calibration and the fusion. It stops after 25 steps (where a fit of separable
 * data, which has no optimum, ends) or once no parameter moves by 1e-6, by when Newton's quadratic
 * convergence has left it within rounding of the optimum.
 */
export function fitLogistic(examples: readonly WeightedRow[], lambda: number): LinearModel {
  const d = examples[0]!.x.length;
  const n = d + 1;
  const theta = new Float64Array(n);
  for (let iteration = 0; iteration < 25; iteration++) {
    const gradient = new Float64Array(n);
    const hessian = new Float64Array(n * n);
    const row = new Float64Array(n);
    for (const example of examples) {
      row.set(example.x);
      row[d] = 1;
      let z = 0;
      for (let i = 0; i < n; i++) z += (theta[i] as number) * (row[i] as number);
      const p = sigmoid(z);
      const g = example.weight * (p - example.y);
      const h = example.weight * Math.max(p * (1 - p), 1e-10);
      for (let i = 0; i < n; i++) {
        const ri = row[i] as number;
        gradient[i] = (gradient[i] as number) + g * ri;
        const hri = h * ri;
        const base = i * n;
        for (let j = 0; j <= i; j++) hessian[base + j] = (hessian[base + j] as number) + hri * (row[j] as number);
      }
    }
    for (let i = 0; i < d; i++) {
      gradient[i] = (gradient[i] as number) + lambda * (theta[i] as number);
      hessian[i * n + i] = (hessian[i * n + i] as number) + lambda;
    }
    hessian[d * n + d] = (hessian[d * n + d] as number) + 1e-8;
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) hessian[j * n + i] = hessian[i * n + j] as number;
    const step = choleskySolve(hessian, gradient, n);
    let largest = 0;
    for (let i = 0; i < n; i++) {
      theta[i] = (theta[i] as number) - (step[i] as number);
      largest = Math.max(largest, Math.abs(step[i] as number));
    }
    if (largest < 1e-6) break;
  }
  return { weights: theta.slice(0, d), bias: theta[d] as number };
}

export const predict = (model: LinearModel, x: Float64Array) => {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] as number) * (x[i] as number);
  return z;
};

/** Per-feature mean and deviation of the training rows, applied to every row. */
export function standardiser(xs: Float64Array[]) {
  const d = xs[0]!.length;
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  for (const x of xs) for (let i = 0; i < d; i++) mean[i] = (mean[i] as number) + (x[i] as number) / xs.length;
  for (const x of xs)
    for (let i = 0; i < d; i++)
      scale[i] = (scale[i] as number) + ((x[i] as number) - (mean[i] as number)) ** 2 / xs.length;
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i] as number) || 1;
  const apply = (x: Float64Array) => x.map((v, i) => (v - (mean[i] as number)) / (scale[i] as number));
  return { mean, scale, apply };
}

/**
 * Each class carries half the weight, and within a class each group weighs by √(its size), so
 * the 100 ComfyUI pictures do not drown the 9 Flux ones nor one video pair the still photos.
 */
export function weighted(rows: { y: 0 | 1; group: string }[]): number[] {
  const groupSize = new Map<string, number>();
  for (const row of rows) groupSize.set(`${row.y}|${row.group}`, (groupSize.get(`${row.y}|${row.group}`) ?? 0) + 1);
  const raw = rows.map((row) => 1 / Math.sqrt(groupSize.get(`${row.y}|${row.group}`) as number));
  const classTotal = [0, 0];
  rows.forEach((row, i) => {
    classTotal[row.y] = (classTotal[row.y] as number) + (raw[i] as number);
  });
  return rows.map((row, i) => ((raw[i] as number) / (classTotal[row.y] as number)) * (rows.length / 2));
}

export function trainOn(examples: Example[], lambda: number): (x: Float64Array) => number {
  const standard = standardiser(examples.map((e) => e.x));
  const model = fitLogistic(
    examples.map((e) => ({ ...e, x: standard.apply(e.x) })),
    lambda,
  );
  return (x) => predict(model, standard.apply(x));
}

/** Held-out raw scores: each fold scored by a model fitted without it. */
export function outOfFold(examples: Example[], lambda: number): number[] {
  return outOfFoldScores(
    examples,
    examples.map((e) => e.fold),
    (training) => {
      if (new Set(training.map((e) => e.y)).size < 2) return undefined;
      const score = trainOn(training, lambda);
      return (e) => score(e.x);
    },
  );
}

export const split = (examples: Example[], scores: number[]) => ({
  genuine: scores.filter((_, i) => examples[i]!.y === 0),
  synthetic: scores.filter((_, i) => examples[i]!.y === 1),
});
