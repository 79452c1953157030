import type { Severity, StatedOperatingPoint, ThreatClassification, ThreatKind } from "./classification-schema.js";

/** A learned detector's "synthetic" supports a critical alert only if it errs on genuine media this rarely. */
export const CRITICAL_MAX_FALSE_POSITIVE_RATE = 0.05;
/** Match confidence (percent) from which a likeness match is treated as certain enough to be critical. */
export const CRITICAL_MIN_MATCH = 90;
/** Intimate imagery is critical from the lowest alerting sensitivity (50%+): the harm is severe. */
export const INTIMATE_CRITICAL_MIN_MATCH = 50;

/**
 * Critical needs both a near-certain match and synthetic or intimate evidence that is itself
 * strong: a provenance declaration, or a learned detector with a low stated false-positive rate.
 * A genuine re-upload or an impersonating account is never critical.
 */
export function severityFor(
  type: ThreatKind,
  confidence: number,
  synthetic: Pick<ThreatClassification["synthetic"], "declared" | "operatingPoint">,
  intimate?: ThreatClassification["intimate"],
): Severity {
  const strongMatch = confidence >= CRITICAL_MIN_MATCH;
  const lowFpr = (point?: StatedOperatingPoint) =>
    point !== undefined && point.falsePositiveRate <= CRITICAL_MAX_FALSE_POSITIVE_RATE;
  switch (type) {
    case "intimate_imagery":
      // The TAKE IT DOWN clock is 48 hours: a matched intimate depiction is critical unless the
      // match is below the alerting floor or its explicit-content reading is known to err often.
      if (confidence < INTIMATE_CRITICAL_MIN_MATCH) return "high";
      return intimate?.operatingPoint && !lowFpr(intimate.operatingPoint) ? "high" : "critical";
    case "deepfake":
    case "voice_clone":
      return strongMatch && (synthetic.declared || lowFpr(synthetic.operatingPoint)) ? "critical" : "high";
    case "impersonation":
      return strongMatch ? "high" : "medium";
    case "likeness_misuse":
      return strongMatch ? "medium" : "low";
  }
}
