/**
 * One modality's figure as a person can weigh it: what it measures, its value, and the material it
 * was measured on, all of it held out of every fit (the benchmark set, ../shared/data, is never
 * fitted on). Never a single "accuracy" across modalities.
 */
export interface ModalityFigure {
  modality: "face-match" | "speaker-match" | "voice-clone" | "synthetic-image" | "face-swap";
  /** What the value measures, in plain words ("same-person pairs recognised at 1 false match in 1,000"). */
  measure: string;
  /** A share, 0-1 (a rate, an equal error rate, or an area under the ROC curve, as `measure` says). */
  value: number;
  /** How many of what it was measured on, e.g. [{ count: 175, of: "same-person pairs" }]. */
  samples: { count: number; of: string }[];
  /** The set it was measured on, in words ("every pair of 61 face photos from ..."). */
  set: string;
  /** Its 95% confidence interval, and how it was computed. */
  interval: { low: number; high: number; method: string };
}
