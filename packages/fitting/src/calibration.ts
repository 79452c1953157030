/**
 * Platt scaling: a held-out score mapped to a probability p = σ(a·s + b) by a one-feature logistic
 * regression on the held-out scores of both classes. Every fit that calibrates a score uses this
 * one (fit:image, fit:voice, fit:face-swap-sbi).
 */

export interface PlattOptions {
  /**
   * "class-balanced" (the default): each class carries half the weight, so the probability
   * assumes equal priors however many of each class the fit had. "equal": every score counts once.
   * Either way the weights average 1, so `l2` means the same under both.
   */
  weighting?: "class-balanced" | "equal";
  /** Ridge penalty (l2/2)·a² on the slope; the intercept is unpenalised. */
  l2?: number;
}

export interface Platt {
  a: number;
  b: number;
}

/**
 * Minimises Σ wᵢ·logloss(σ(a·sᵢ + b), yᵢ) + (l2/2)·a² by Newton's method, the step halved until
 * the loss does not rise, so well-separated scores cannot throw it off. Labels are 1 (the class
 * the probability is of) or 0.
 */
export function fitPlatt(
  scores: readonly number[],
  labels: readonly number[],
  { weighting = "class-balanced", l2 = 0 }: PlattOptions = {},
): Platt {
  const positives = labels.filter((y) => y === 1).length;
  const classSize = (y: number) => (y === 1 ? positives : labels.length - positives);
  const weights = labels.map((y) => (weighting === "equal" ? 1 : labels.length / (2 * classSize(y))));
  const loss = (a: number, b: number) =>
    scores.reduce(
      (sum, s, i) => {
        const z = a * s + b;
        // log(1 + e^z) − y·z, written to stay finite for large |z|.
        const softplus = Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));
        return sum + (weights[i] as number) * (softplus - (labels[i] as number) * z);
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
    let hbb = 0;
    scores.forEach((s, i) => {
      const p = 1 / (1 + Math.exp(-(a * s + b)));
      const w = weights[i] as number;
      const residual = w * (p - (labels[i] as number));
      const curvature = w * p * (1 - p);
      ga += residual * s;
      gb += residual;
      haa += curvature * s * s;
      hab += curvature * s;
      hbb += curvature;
    });
    const det = haa * hbb - hab * hab;
    // A flat loss (scores all equal, or separated so far that p(1 − p) underflows) has no Newton step.
    if (!(det > 1e-300)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    // The loss may rise by its rounding error: near the optimum a Newton step's true decrease is
    // smaller than that, and refusing it there would stop short of the optimum.
    const ceiling = loss(a, b) * (1 + 1e-12);
    let step = 1;
    while (step > 1e-6 && !(loss(a - step * da, b - step * db) <= ceiling)) step /= 2;
    a -= step * da;
    b -= step * db;
    if (Math.abs(step * da) + Math.abs(step * db) < 1e-13 * (1 + Math.abs(a) + Math.abs(b))) break;
  }
  return { a, b };
}
