/**
 * Detection rates of a detector's scores over labelled media (pictures, faces, clips): what the
 * fits choose operating points with and the benchmarks report. An item is flagged when its score is
 * at or above the threshold, except by the AASIST countermeasure's rule (shareAbove,
 * thresholdForFalseAlarm), which flags speech strictly above it.
 */

export const shareAtOrAbove = (scores: number[], threshold: number): number =>
  scores.length === 0 ? 0 : scores.filter((s) => s >= threshold).length / scores.length;

/** Area under the ROC curve: the chance a synthetic score exceeds a genuine one (ties count half). */
export function rocAuc(genuine: number[], synthetic: number[]): number {
  if (genuine.length === 0 || synthetic.length === 0) return Number.NaN;
  let wins = 0;
  for (const s of synthetic) for (const g of genuine) wins += s > g ? 1 : s === g ? 0.5 : 0;
  return wins / (genuine.length * synthetic.length);
}

/**
 * The lowest threshold that flags at most ⌊maxFpr · n⌋ of the n genuine scores: just above the
 * (k+1)-th highest genuine score. With 66 genuine pictures and 2%, k = 1.
 */
export function thresholdForFpr(genuine: number[], maxFpr: number): number {
  if (genuine.length === 0) throw new Error("An operating point needs genuine scores");
  const descending = [...genuine].sort((a, b) => b - a);
  const allowed = Math.floor(maxFpr * genuine.length);
  const firstRefused = descending[allowed] as number;
  // Between the first genuine score that must not be flagged and the next one up.
  const lastAllowed = allowed > 0 ? (descending[allowed - 1] as number) : Number.POSITIVE_INFINITY;
  return Number.isFinite(lastAllowed) && lastAllowed > firstRefused
    ? (firstRefused + lastAllowed) / 2
    : firstRefused + Math.max(1e-9, Math.abs(firstRefused) * 1e-9);
}

/** Recall at the threshold thresholdForFpr picks. */
export function tprAtFpr(
  genuine: number[],
  synthetic: number[],
  maxFpr: number,
): { threshold: number; tpr: number; fpr: number } {
  const threshold = thresholdForFpr(genuine, maxFpr);
  return { threshold, tpr: shareAtOrAbove(synthetic, threshold), fpr: shareAtOrAbove(genuine, threshold) };
}

/** Share strictly above the threshold: how the AASIST countermeasure calls speech synthetic. */
export const shareAbove = (scores: number[], threshold: number): number =>
  scores.length === 0 ? 0 : scores.filter((s) => s > threshold).length / scores.length;

/**
 * Lowest threshold leaving at most `maxFalseAlarm` of the bona fide scores above it: the
 * (k+1)-th highest score, k = floor(maxFalseAlarm × n). With 50 clips and 1 %, k = 0, so the
 * threshold is the highest bona fide score.
 */
export function thresholdForFalseAlarm(bonafide: number[], maxFalseAlarm: number): number {
  if (bonafide.length === 0) throw new Error("An operating point needs bona fide scores");
  const descending = [...bonafide].sort((a, b) => b - a);
  return descending[Math.floor(maxFalseAlarm * bonafide.length)] as number;
}
