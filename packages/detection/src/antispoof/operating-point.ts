/**
 * The operating point of the AASIST countermeasure: the raw score above which speech is called
 * synthetic, chosen on bona fide speech so a genuine recording is rarely called a clone, and what
 * that point was measured to do. A raw p(spoof) is not a calibrated probability: on the labelled
 * data genuine speech scores as high as clones, so 0.5 would call most genuine recordings clones.
 */

export interface OperatingPoint {
  /** Speech is called synthetic only when the raw score is strictly above this. */
  threshold: number;
  /** Largest share of bona fide clips the fit allowed above the threshold. */
  targetFalseAlarm: number;
  /** Share of the fit's bona fide clips above the threshold. */
  fitFalseAlarm: number;
  /** Share of held-out bona fide clips above the threshold. */
  heldOutFalseAlarm: number;
  /** Share of clones above the threshold. */
  cloneDetectionRate: number;
  /** Where and when the point was fitted, in words. */
  source: string;
}

/** Share of bona fide speech assumed called synthetic: the worst measured, and at least the target (no false alarm in a few dozen clips does not show there are none). */
export const assumedFalseAlarm = (point: OperatingPoint): number =>
  Math.max(point.fitFalseAlarm, point.heldOutFalseAlarm, point.targetFalseAlarm);

/**
 * Turns a raw score into the score fusion combines. Fusion's noisy-OR reads a score as the
 * strength of a detection, 0 being no evidence, so a detector no better than chance must add
 * nothing: not the posterior p = TPR / (TPR + FA) with equal priors (0.5 at chance, which alone
 * would tip fusion to "synthetic"), but its excess over chance, 2p − 1 = (TPR − FA) / (TPR + FA),
 * floored at 0. At or below the threshold the countermeasure has detected nothing: 0.
 */
export function syntheticProbability(raw: number, point: OperatingPoint): number {
  if (!(raw > point.threshold)) return 0;
  const detected = point.cloneDetectionRate;
  const falseAlarm = assumedFalseAlarm(point);
  return Math.max(0, (detected - falseAlarm) / (detected + falseAlarm));
}

/** A share as the explanations state it: 0.125 → "12.5%". */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * Why no reading of the countermeasure at this point could add to the fused score (it detects
 * clones no more often than it is assumed to flag genuine speech, so syntheticProbability is 0
 * for every raw score), or null when a reading can. A caller that only acts on verdicts (scanning)
 * need not pay for a reading that cannot change one; a better fit brings it back by itself.
 */
export function whyNoReadingCanAddEvidence(point: OperatingPoint): string | null {
  if (syntheticProbability(1, point) > 0) return null;
  return (
    `Not computed: at its fitted operating point (threshold ${point.threshold.toFixed(4)}) the countermeasure detected ` +
    `${percent(point.cloneDetectionRate)} of the voice clones tested while calling ${percent(assumedFalseAlarm(point))} of genuine ` +
    "recordings synthetic, so no reading of it could change the verdict; this says nothing about whether the speech is synthetic"
  );
}
