import { SENSITIVITY_THRESHOLDS } from "../sensitivity.js";
import type { ThreatRecord } from "../threat.js";

/**
 * Critical = worth an SMS. Either:
 * - intimate imagery flagged by detection, at any confidence that raises an alert at all (50%+):
 *   the harm is severe and the TAKE IT DOWN clock is short; or
 * - a deepfake or voice clone at high confidence (90%+): synthetic media of the person, the
 *   product's core threat, that is very likely real.
 * An impersonating account is never critical by itself; it still alerts by email and push.
 */
export function isCritical(threat: Pick<ThreatRecord, "threatType" | "confidence" | "detection">): boolean {
  const intimate = threat.detection.intimate === true || threat.detection.nsfw === true;
  if (intimate && threat.threatType !== "voice_clone") return threat.confidence >= SENSITIVITY_THRESHOLDS.low;
  return threat.threatType !== "impersonation" && threat.confidence >= SENSITIVITY_THRESHOLDS.high;
}
