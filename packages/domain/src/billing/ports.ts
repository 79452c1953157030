import type { MembershipTier } from "../table/entities.js";
import type { BillingAccountRecord, SubscriptionSnapshot } from "./tier-policy.js";

/** A verified webhook event, reduced to what changes an account's billing. */
export type BillingEvent =
  | {
      id: string;
      /** When the provider created it (epoch seconds): older than the last applied means stale. */
      created: number;
      kind: "checkout_completed";
      type: string;
      userId?: string;
      customerId?: string;
      subscriptionId?: string;
    }
  | { id: string; created: number; kind: "subscription_changed"; type: string; subscription: SubscriptionSnapshot }
  | { id: string; created: number; kind: "ignored"; type: string };

export interface CheckoutRequest {
  userId: string;
  tier: MembershipTier;
  /** Whole cents a month (from the plan catalogue), for each unit of `quantity`. */
  monthlyAmountCents: number;
  /** Units bought: protected people for a plan priced per person, otherwise 1. */
  quantity: number;
  planName: string;
  /** An existing customer of ours, or the address to start a new one with. */
  customerId?: string;
  email?: string;
  trialDays?: number;
  /** With a trial and no card required, checkout collects a card only when one is needed. */
  collectCardDuringTrial: boolean;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The payment provider (Stripe): hosted checkout for new subscriptions and trials, a hosted portal
 * for plan changes and cancellation, and signed webhooks telling us what happened.
 */
export interface BillingProvider {
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Ends a subscription now (the account is being deleted): no further charge. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Verifies the signature over the raw body and parses the event; throws DomainError("invalid") otherwise (Stripe expects a 400). */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<BillingEvent>;
}

export interface BillingStore {
  getAccount(userId: string): Promise<BillingAccountRecord | null>;
  putAccount(account: BillingAccountRecord): Promise<void>;
  /** Whether the event id was already applied. */
  wasApplied(eventId: string): Promise<boolean>;
  markApplied(event: { eventId: string; type: string; userId?: string }): Promise<void>;
  /** Accounts whose lowering is due at or before `now` (a sparse index, oldest first). */
  listDue(now: Date): Promise<BillingAccountRecord[]>;
  /**
   * Makes the subscription the one a checkout completed for the account (one conditional put):
   * taken when no claim exists, it is already this one's, or it is `replacing`'s (one that ended).
   */
  claimSubscription(
    userId: string,
    subscriptionId: string,
    at: string,
    replacing?: string,
  ): Promise<{ claimed: true } | { claimed: false; holder: string }>;
}

/** What follows a change of the tier in force: the scan schedule, the profile's stored tier, the audit log. */
export interface TierChangeEffects {
  tierChanged(userId: string, from: MembershipTier, to: MembershipTier, reason: string): Promise<void>;
}
