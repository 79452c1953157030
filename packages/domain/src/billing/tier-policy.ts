import type { z } from "zod";
import type { BillingAccount, MembershipTier } from "../table/entities.js";

export type BillingAccountRecord = z.infer<typeof BillingAccount.schema>;
export type SubscriptionStatus = BillingAccountRecord["status"];

/**
 * What an account without a paying subscription gets: the lowest tier's limits, as every account
 * had before billing (docs/billing.md). Paid tiers come only from the billing provider's webhooks.
 */
export const BASE_TIER: MembershipTier = "personal";

const ORDER: readonly MembershipTier[] = ["personal", "professional", "enterprise"];
export const tierRank = (tier: MembershipTier) => ORDER.indexOf(tier);

/** Statuses under which the subscription's tier is granted (past_due: the provider is still retrying payment). */
export const GRANTING_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["trialing", "active", "past_due"]);

/**
 * The tier in force now. Check-at-read: a downgrade or cancellation waiting for the end of the
 * period already paid for applies from `pendingFrom`, whether or not the hourly job has run.
 */
export function effectiveTier(account: BillingAccountRecord | null | undefined, now: Date): MembershipTier {
  if (!account) return BASE_TIER;
  if (account.pendingFrom && now.getTime() >= Date.parse(account.pendingFrom)) return account.pendingTier ?? BASE_TIER;
  return account.tier ?? BASE_TIER;
}

/** What a provider's subscription says about the tier it pays for. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** Our account id, as written into the subscription's metadata at checkout (or by sales). */
  userId?: string;
  status: SubscriptionStatus;
  /** The tier of the subscription's price; undefined for a price that is not one of ours. */
  tier?: MembershipTier;
  currentPeriodEnd?: string;
  trialEnd?: string;
  cancelAtPeriodEnd: boolean;
  /** Protected people paid for, when the subscription's price is per person (the item's quantity). */
  protectedPeople?: number;
}

/**
 * The account's billing record after a subscription change. Raising applies now; a cheaper plan
 * or a cancellation at period end waits for the end of the period the higher tier was paid for;
 * a subscription that has ended lowers now. Nothing is deleted either way: scans, schedules and
 * takedowns read the tier in force and leave out what it does not include.
 */
export function applySubscription(
  previous: BillingAccountRecord | null,
  snapshot: SubscriptionSnapshot,
  userId: string,
  now: Date,
): BillingAccountRecord {
  const inForce = effectiveTier(previous, now);
  const granted = GRANTING_STATUSES.has(snapshot.status) ? snapshot.tier : undefined;
  // The higher tier's paid-for period, when it is still running.
  const paidUntil = [previous?.currentPeriodEnd, previous?.pendingFrom]
    .filter((d): d is string => d !== undefined && Date.parse(d) > now.getTime())
    .sort()
    .at(-1);
  const base: BillingAccountRecord = {
    userId,
    customerId: snapshot.customerId,
    subscriptionId: snapshot.subscriptionId,
    status: snapshot.status,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    trialUsed: (previous?.trialUsed ?? false) || snapshot.status === "trialing" || snapshot.trialEnd !== undefined,
    updatedAt: now.toISOString(),
    ...(snapshot.currentPeriodEnd ? { currentPeriodEnd: snapshot.currentPeriodEnd } : {}),
    ...(snapshot.trialEnd ? { trialEnd: snapshot.trialEnd } : {}),
    ...(snapshot.protectedPeople ? { protectedPeople: snapshot.protectedPeople } : {}),
    ...(previous?.lastEventAt !== undefined ? { lastEventAt: previous.lastEventAt } : {}),
  };
  // A cheaper plan while the subscription goes on: the higher tier was paid for until the period ends.
  // An ended subscription (deleted at its period's end, or unpaid) lowers at once: the provider's clock
  // has already reached the end of what was paid for.
  const lowering = granted !== undefined && tierRank(granted) < tierRank(inForce);
  if (lowering && paidUntil) {
    // Keep what was paid for, the people it protects included; lower at the period's end.
    const { protectedPeople: _lowered, ...kept } = base;
    return {
      ...kept,
      ...(previous?.protectedPeople ? { protectedPeople: previous.protectedPeople } : {}),
      tier: inForce,
      pendingFrom: paidUntil,
      pendingTier: granted,
    };
  }
  if (granted && snapshot.cancelAtPeriodEnd && snapshot.currentPeriodEnd) {
    return { ...base, tier: granted, pendingFrom: snapshot.currentPeriodEnd };
  }
  return { ...base, ...(granted ? { tier: granted } : {}) };
}

/** A due lowering made final: the pending tier becomes the tier, and the account leaves the due list. */
export function settlePending(account: BillingAccountRecord, now: Date): BillingAccountRecord {
  const { pendingTier, pendingFrom: _from, tier: _tier, ...rest } = account;
  return { ...rest, ...(pendingTier ? { tier: pendingTier } : {}), updatedAt: now.toISOString() };
}
