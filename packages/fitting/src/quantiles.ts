/** Named quantiles of some values (e.g. { min: 0, p50: 0.5, max: 1 }), rounded to `digits`. */
export function quantileSummary(
  values: number[],
  quantiles: Record<string, number>,
  digits: number,
): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(
      (sorted[Math.min(sorted.length - 1, Math.floor(Math.min(q, 1 - 1e-9) * sorted.length))] as number).toFixed(
        digits,
      ),
    );
  return Object.fromEntries(Object.entries(quantiles).map(([name, q]) => [name, at(q)]));
}
