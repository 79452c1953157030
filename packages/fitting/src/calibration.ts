/**
 * Platt scaling: a held-out score mapped to a probability by a one-feature logistic regression on
 * the held-out scores of both classes, each class carrying half the weight.
 */
import { fitLogistic, weighted } from "./cross-validation.js";

export function fitPlatt(scores: number[], labels: (0 | 1)[]): { a: number; b: number } {
  const examples = scores.map((s, i) => ({ x: Float64Array.of(s), y: labels[i]!, group: "", fold: 0, weight: 1 }));
  const weights = weighted(examples);
  const model = fitLogistic(
    examples.map((e, i) => ({ ...e, weight: weights[i]! })),
    1e-6,
  );
  return { a: model.weights[0] as number, b: model.bias };
}
