import { MissingConfirmationsError } from "./errors.js";
import type { ConfirmationKey, Confirmations, RouteDecision } from "./types.js";

/**
 * What the person states, in their words; the notice dialog shows each as a checkbox, ticked for
 * every notice, and the ticked statements are stored with the time they were given.
 */
export const CONFIRMATION_PROMPTS: Record<ConfirmationKey, string> = {
  ownsWork:
    "I made or own the copyright in the original photo or recording named in this notice (or I am authorised to act for its owner), and the material copies it.",
  noConsent: "I am the person depicted and I did not consent to this intimate image or video being published.",
  goodFaith: "I believe in good faith that this use of my likeness is not authorised by me, my agent or the law.",
  accurate: "Under penalty of perjury, the statements in this notice are accurate.",
};

/**
 * The statements a person may give once, in advance, by enabling automatic takedown. Ownership of
 * a work and non-consent to an intimate depiction are facts about one item that only the person
 * can state after seeing it, so DMCA and TAKE IT DOWN notices are never sent automatically.
 */
export const STANDING_CONFIRMATIONS: readonly ConfirmationKey[] = ["goodFaith", "accurate"];

/** Turning on automatic takedown records this text; the settings screen shows it next to the checkbox. */
export const AUTO_TAKEDOWN_STANDING_STATEMENT =
  "By enabling automatic takedown I authorise LikenessGuard to send, in my name, impersonation and privacy " +
  "reports (and DSA notices where I live in the EU) for threats matched with high confidence, and I confirm " +
  `in advance, for each such report: ${CONFIRMATION_PROMPTS.goodFaith} ${CONFIRMATION_PROMPTS.accurate} ` +
  "Copyright (DMCA) notices and intimate-imagery (TAKE IT DOWN) requests are never sent automatically: I confirm each one myself.";

export function missingConfirmations(
  decision: Pick<RouteDecision, "requiredConfirmations">,
  confirmations: Confirmations,
  automatic: boolean,
): ConfirmationKey[] {
  return decision.requiredConfirmations.filter(
    (key) => confirmations[key] !== true && !(automatic && STANDING_CONFIRMATIONS.includes(key)),
  );
}

/** Nothing is sent until the person confirmed what only they can state (or gave it standing, where allowed). */
export function assertConfirmed(
  decision: Pick<RouteDecision, "requiredConfirmations">,
  confirmations: Confirmations,
  automatic: boolean,
): void {
  const missing = missingConfirmations(decision, confirmations, automatic);
  if (missing.length > 0) throw new MissingConfirmationsError(missing);
}
