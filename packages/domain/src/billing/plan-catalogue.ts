import { DomainError } from "../errors.js";
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

/**
 * Enterprise through checkout: US dollars a month for each protected person (the spec priced it
 * "custom"; issue 38 lets an organisation start without a sales call). Sales still arranges custom
 * terms on its own prices, which carry no seat count (docs/billing.md).
 */
export const ENTERPRISE_PRICE_PER_PERSON = 99;
/** How many protected people one Enterprise checkout may buy; more than this is a conversation with sales. */
export const ENTERPRISE_SEATS = { min: 1, max: 500 } as const;

export interface CataloguePlan {
  tier: MembershipTier;
  name: string;
  /** US dollars a month (for each protected person when `perProtectedPerson`); null for plans arranged with sales. */
  monthlyPrice: number | null;
  /** Charged per protected person: checkout asks how many, and the account protects that many. */
  perProtectedPerson: boolean;
  /** How many catalogue platforms the tier may scan, and its most frequent schedule (from tiers.ts). */
  platformCount: number;
  scanFrequency: ScanFrequency;
  /** Public API keys and their scopes (tiers.ts). */
  apiKeys: TierDefinition["apiKeys"];
}

const MONTHLY_PRICES: Readonly<Record<MembershipTier, number | null>> = {
  personal: 19,
  professional: 49,
  enterprise: ENTERPRISE_PRICE_PER_PERSON,
};

export const PLAN_CATALOGUE: readonly CataloguePlan[] = (["personal", "professional", "enterprise"] as const).map(
  (tier) => ({
    tier,
    name: TIERS[tier].name,
    monthlyPrice: MONTHLY_PRICES[tier],
    perProtectedPerson: tier === "enterprise",
    platformCount: platformsForTier(tier).length,
    scanFrequency: defaultScanFrequency(tier),
    apiKeys: TIERS[tier].apiKeys,
  }),
);

/** What checkout charges for a plan. */
export interface PaidPlan {
  tier: MembershipTier;
  name: string;
  /** Whole cents a month, in US dollars (for each protected person when `perProtectedPerson`); null for plans arranged with sales. */
  monthlyAmountCents: number | null;
  perProtectedPerson: boolean;
}

export const PAID_PLANS: readonly PaidPlan[] = PLAN_CATALOGUE.map((plan) => ({
  tier: plan.tier,
  name: plan.name,
  monthlyAmountCents: plan.monthlyPrice === null ? null : Math.round(plan.monthlyPrice * 100),
  perProtectedPerson: plan.perProtectedPerson,
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

/**
 * How many protected people a checkout buys: one for the plans priced per account, and for a plan
 * priced per person the whole number asked for, within ENTERPRISE_SEATS.
 */
export function checkoutQuantity(plan: PaidPlan, people: number | undefined): number {
  if (!plan.perProtectedPerson) {
    if (people !== undefined && people !== 1) {
      throw new DomainError("invalid", `The ${plan.name} plan is priced per account, not per protected person`);
    }
    return 1;
  }
  if (people === undefined) {
    throw new DomainError("invalid", `Choose how many people the ${plan.name} plan protects`);
  }
  if (!Number.isInteger(people) || people < ENTERPRISE_SEATS.min || people > ENTERPRISE_SEATS.max) {
    throw new DomainError(
      "invalid",
      `The ${plan.name} plan protects from ${ENTERPRISE_SEATS.min} to ${ENTERPRISE_SEATS.max} people through checkout; contact sales for more`,
    );
  }
  return people;
}
