import type { MembershipTier } from "../table/entities.js";
import { defaultScanFrequency, platformsForTier, type ScanFrequency, TIERS, type TierDefinition } from "../tiers.js";

/**
 * The plan catalogue: each tier's price and the trial. These are product facts, not web copy: what
 * checkout charges, and what the pricing page, onboarding and the guided demo show (the web app's
 * marketing copy reads them from here, so the two cannot disagree).
 *
 * Contradictions in the product spec, resolved once here:
 * - Trial: the landing said 14 days, the pricing page 7 days. We offer 14 days, no card required.
 * - Prices: the pricing page ($19 / $49 / custom) and the onboarding flow ($9.99 / $24.99 / $49.99)
 *   disagreed. The pricing page list is the only list.
 * - The spec's "30-day money-back guarantee" is not offered: nothing in billing refunds a payment,
 *   so no page may promise one (frontend/src/routes/no-refund-promise.test.tsx). Cancelling stops the
 *   next charge and keeps the plan to the end of the period already paid (docs/billing.md).
 */
export const TRIAL = { days: 14, cardRequired: false } as const;

export interface CataloguePlan {
  tier: MembershipTier;
  name: string;
  /** US dollars a month; null for plans arranged with sales (Enterprise). */
  monthlyPrice: number | null;
  /** How many catalogue platforms the tier may scan, and its most frequent schedule (from tiers.ts). */
  platformCount: number;
  scanFrequency: ScanFrequency;
  /** Public API keys and their scopes (tiers.ts). */
  apiKeys: TierDefinition["apiKeys"];
}

const MONTHLY_PRICES: Readonly<Record<MembershipTier, number | null>> = {
  personal: 19,
  professional: 49,
  enterprise: null,
};

export const PLAN_CATALOGUE: readonly CataloguePlan[] = (["personal", "professional", "enterprise"] as const).map(
  (tier) => ({
    tier,
    name: TIERS[tier].name,
    monthlyPrice: MONTHLY_PRICES[tier],
    platformCount: platformsForTier(tier).length,
    scanFrequency: defaultScanFrequency(tier),
    apiKeys: TIERS[tier].apiKeys,
  }),
);

/** What checkout charges for a plan. */
export interface PaidPlan {
  tier: MembershipTier;
  name: string;
  /** Whole cents a month, in US dollars; null for plans arranged with sales (Enterprise). */
  monthlyAmountCents: number | null;
}

export const PAID_PLANS: readonly PaidPlan[] = PLAN_CATALOGUE.map((plan) => ({
  tier: plan.tier,
  name: plan.name,
  monthlyAmountCents: plan.monthlyPrice === null ? null : Math.round(plan.monthlyPrice * 100),
}));

export const TRIAL_DAYS: number = TRIAL.days;
/** No card at checkout during the trial when the catalogue says none is required. */
export const TRIAL_CARD_REQUIRED: boolean = TRIAL.cardRequired;
export const CURRENCY = "usd";

export function paidPlan(tier: MembershipTier): PaidPlan {
  const plan = PAID_PLANS.find((p) => p.tier === tier);
  if (!plan) throw new Error(`No plan for tier ${tier}`);
  return plan;
}
