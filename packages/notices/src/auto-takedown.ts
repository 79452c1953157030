import type { Route } from "./notices/types.js";
import { SENSITIVITY_THRESHOLDS } from "./sensitivity.js";
import type { ProfileRecord, ThreatRecord } from "./threat.js";

/**
 * "High-confidence" for automatic takedown is the high alert sensitivity (90%+): one number, so a
 * threat sent automatically is always one the person would have been alerted about at any setting.
 */
export const AUTO_TAKEDOWN_MIN_CONFIDENCE = SENSITIVITY_THRESHOLDS.high;

/**
 * Bases whose statements the person can give once, in advance (good faith, accuracy): platform
 * reports and DSA notices. A DMCA notice needs them to claim a named original, a TAKE IT DOWN
 * request to state non-consent to one depiction: both only after seeing it, so never automatic.
 */
export const AUTO_TAKEDOWN_ROUTES: ReadonlySet<Route> = new Set(["platform_report", "dsa_article_16"]);

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

/** Whether a notice on this basis, by this channel, may go without the person: standing statement bases, by email. */
export function autoTakedownMaySend(route: Route, channelKind: "email" | "web_form" | "none"): boolean {
  return AUTO_TAKEDOWN_ROUTES.has(route) && channelKind === "email";
}
