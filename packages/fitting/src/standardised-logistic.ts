/**
 * L2-regularised logistic regression on standardised features with class-balanced, per-row weights,
 * fitted by Adam, and the equal error rate: the heads over many features, the voice
 * countermeasure's (fit:voice, held-out-generators.ts, the benchmark's leave-one-out refits) and
 * the SBI head (fit:face-swap-sbi). cross-validation.ts's Newton fit serves the picture probes;
 * Platt scaling is calibration.ts. Moved from packages/detection, where no scan ever used it.
 */

export interface LabelledRows {
  /** Row-major, rows × dims. */
  x: Float32Array;
  dims: number;
  /** 1 synthetic, 0 genuine. */
  y: Uint8Array;
  /** Weight of each row (e.g. 1 / windows of its clip, so every clip counts once). */
  weight: Float32Array;
}

export interface LinearHead {
  /** On raw features: standardisation folded in. */
  weights: Float32Array;
  bias: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function standardisation(rows: LabelledRows): { mean: Float64Array; scale: Float64Array } {
  const { x, dims } = rows;
  const n = x.length / dims;
  const mean = new Float64Array(dims);
  const squares = new Float64Array(dims);
  for (let r = 0; r < n; r++)
    for (let d = 0; d < dims; d++) {
      const v = x[r * dims + d] as number;
      mean[d] = (mean[d] as number) + v;
      squares[d] = (squares[d] as number) + v * v;
    }
  const scale = new Float64Array(dims);
  for (let d = 0; d < dims; d++) {
    mean[d] = (mean[d] as number) / n;
    scale[d] = Math.sqrt(Math.max((squares[d] as number) / n - (mean[d] as number) ** 2, 0)) || 1;
  }
  return { mean, scale };
}

/**
 * Minimises Σ wᵢ·logloss / Σ wᵢ + (λ/2)‖β‖² over standardised features by Adam on the full batch
 * (convex, so the optimiser only sets how close to the optimum `iterations` get).
 */
export function fitLogistic(rows: LabelledRows, lambda: number, iterations = 250): LinearHead {
  const { x, dims, y } = rows;
  const n = x.length / dims;
  const { mean, scale } = standardisation(rows);
  const z = new Float32Array(x.length);
  for (let r = 0; r < n; r++)
    for (let d = 0; d < dims; d++)
      z[r * dims + d] = ((x[r * dims + d] as number) - (mean[d] as number)) / (scale[d] as number);
  // Class-balanced: both classes carry half the total weight.
  const classTotal = [0, 0];
  for (let r = 0; r < n; r++)
    classTotal[y[r] as number] = (classTotal[y[r] as number] as number) + (rows.weight[r] as number);
  const w = new Float64Array(n);
  for (let r = 0; r < n; r++) w[r] = (rows.weight[r] as number) / (2 * (classTotal[y[r] as number] as number));
  const beta = new Float64Array(dims);
  let bias = 0;
  const m = new Float64Array(dims + 1);
  const v = new Float64Array(dims + 1);
  const grad = new Float64Array(dims + 1);
  const rate = 0.01;
  for (let it = 1; it <= iterations; it++) {
    grad.fill(0);
    for (let r = 0; r < n; r++) {
      let s = bias;
      const row = r * dims;
      for (let d = 0; d < dims; d++) s += (beta[d] as number) * (z[row + d] as number);
      const g = (w[r] as number) * (sigmoid(s) - (y[r] as number));
      for (let d = 0; d < dims; d++) grad[d] = (grad[d] as number) + g * (z[row + d] as number);
      grad[dims] = (grad[dims] as number) + g;
    }
    for (let d = 0; d < dims; d++) grad[d] = (grad[d] as number) + lambda * (beta[d] as number);
    for (let d = 0; d <= dims; d++) {
      const gd = grad[d] as number;
      m[d] = 0.9 * (m[d] as number) + 0.1 * gd;
      v[d] = 0.999 * (v[d] as number) + 0.001 * gd * gd;
      const step =
        (rate * ((m[d] as number) / (1 - 0.9 ** it))) / (Math.sqrt((v[d] as number) / (1 - 0.999 ** it)) + 1e-8);
      if (d === dims) bias -= step;
      else beta[d] = (beta[d] as number) - step;
    }
  }
  const weights = new Float32Array(dims);
  let folded = bias;
  for (let d = 0; d < dims; d++) {
    weights[d] = (beta[d] as number) / (scale[d] as number);
    folded -= ((beta[d] as number) * (mean[d] as number)) / (scale[d] as number);
  }
  return { weights, bias: folded };
}

export function linearScore(head: LinearHead, features: Float32Array, offset = 0): number {
  let s = head.bias;
  for (let d = 0; d < head.weights.length; d++) s += (head.weights[d] as number) * (features[offset + d] as number);
  return s;
}

/** Equal error rate of higher-means-synthetic scores, and the threshold where it is reached. */
export function equalErrorRate(genuine: number[], synthetic: number[]): { eer: number; threshold: number } {
  if (genuine.length === 0 || synthetic.length === 0) return { eer: Number.NaN, threshold: Number.NaN };
  const candidates = [...new Set([...genuine, ...synthetic])].sort((p, q) => p - q);
  let best = { eer: 1, threshold: Number.NaN, gap: Number.POSITIVE_INFINITY };
  for (const t of candidates) {
    const fpr = genuine.filter((s) => s >= t).length / genuine.length;
    const fnr = synthetic.filter((s) => s < t).length / synthetic.length;
    const gap = Math.abs(fpr - fnr);
    if (gap < best.gap) best = { eer: (fpr + fnr) / 2, threshold: t, gap };
  }
  return { eer: best.eer, threshold: best.threshold };
}
