import { PLANS, TRIAL } from "../../../../frontend/src/content/marketing.js";
import type { MembershipTier } from "../table/entities.js";

/**
 * Prices and the trial as the marketing content file resolved them (its one list): what the
 * pricing page shows is what checkout charges, so the two cannot disagree.
 */
export interface PaidPlan {
  tier: MembershipTier;
  name: string;
  /** Whole cents a month, in US dollars; null for plans arranged with sales (Enterprise). */
  monthlyAmountCents: number | null;
}

export const PAID_PLANS: readonly PaidPlan[] = PLANS.map((plan) => ({
  tier: plan.tier,
  name: plan.name,
  monthlyAmountCents: plan.monthlyPrice === null ? null : Math.round(plan.monthlyPrice * 100),
}));

export const TRIAL_DAYS: number = TRIAL.days;
/** No card at checkout during the trial when the content file says none is required. */
export const TRIAL_CARD_REQUIRED: boolean = TRIAL.cardRequired;
export const CURRENCY = "usd";

export function paidPlan(tier: MembershipTier): PaidPlan {
  const plan = PAID_PLANS.find((p) => p.tier === tier);
  if (!plan) throw new Error(`No plan for tier ${tier}`);
  return plan;
}
