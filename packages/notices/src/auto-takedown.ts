import { SENSITIVITY_THRESHOLDS } from "./sensitivity.js";
import type { ProfileRecord, ThreatRecord } from "./threat.js";

/**
 * "High-confidence" for automatic takedown is the high alert sensitivity (90%+): one number, so a
 * threat sent automatically is always one the person would have been alerted about at any setting.
 */
export const AUTO_TAKEDOWN_MIN_CONFIDENCE = SENSITIVITY_THRESHOLDS.high;

const TIERS_WITH_AUTO_TAKEDOWN: ReadonlySet<ProfileRecord["membershipTier"]> = new Set(["professional", "enterprise"]);

export function shouldAutoTakedown(
  threat: Pick<ThreatRecord, "confidence" | "status">,
  profile: Pick<ProfileRecord, "autoTakedown" | "membershipTier">,
): boolean {
  return (
    profile.autoTakedown &&
    TIERS_WITH_AUTO_TAKEDOWN.has(profile.membershipTier) &&
    threat.status === "active" &&
    threat.confidence >= AUTO_TAKEDOWN_MIN_CONFIDENCE
  );
}
