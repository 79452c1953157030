import { MissingConfirmationsError } from "./errors.js";
import type { ConfirmationKey, Confirmations, RouteDecision } from "./types.js";

/** What the person is asked to confirm, in their words; the UI shows these as checkboxes. */
export const CONFIRMATION_PROMPTS: Record<ConfirmationKey, string> = {
  ownsWork: "I own the copyright in the original photo or recording (or I am authorised to act for the owner).",
  noConsent: "I did not consent to this intimate image or video of me being published.",
  goodFaith: "I believe in good faith that this use of my likeness is not authorised by me, my agent or the law.",
  accurate: "The information in this notice is accurate and complete.",
};

/**
 * Turning on automatic takedown records these statements once, in advance, for every notice sent
 * on the person's behalf; the settings screen must show this text next to the checkbox.
 */
export const AUTO_TAKEDOWN_STANDING_STATEMENT =
  "By enabling automatic takedown I authorise LikenessGuard to send takedown notices in my name for " +
  "high-confidence matches, and I confirm in advance, for each such notice: " +
  Object.values(CONFIRMATION_PROMPTS).join(" ");

export function missingConfirmations(
  decision: Pick<RouteDecision, "requiredConfirmations">,
  confirmations: Confirmations,
  automatic: boolean,
): ConfirmationKey[] {
  if (automatic) return [];
  return decision.requiredConfirmations.filter((key) => confirmations[key] !== true);
}

/** Nothing is sent until the person confirmed what only they can state (or enabled automatic takedown). */
export function assertConfirmed(
  decision: Pick<RouteDecision, "requiredConfirmations">,
  confirmations: Confirmations,
  automatic: boolean,
): void {
  const missing = missingConfirmations(decision, confirmations, automatic);
  if (missing.length > 0) throw new MissingConfirmationsError(missing);
}
