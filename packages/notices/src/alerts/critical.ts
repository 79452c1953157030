import { type ThreatRecord, threatSeverity } from "../threat.js";

/**
 * Critical = worth an SMS and the "Critical" subject: the threat's evidence-based severity
 * (threats/severity-policy.ts severityFor). Intimate imagery of a matched face; synthetic media at a
 * 90%+ match whose synthetic evidence is a provenance declaration or a detector with a low stated
 * false-positive rate. A genuine re-upload or an impersonating account is never critical.
 */
export function isCritical(threat: Pick<ThreatRecord, "classification">): boolean {
  return threatSeverity(threat) === "critical";
}
