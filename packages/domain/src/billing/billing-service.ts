import { DomainError } from "../errors.js";
import type { MembershipTier } from "../table/entities.js";
import { TIERS } from "../tiers.js";
import { checkoutQuantity, PAID_PLANS, paidPlan, TRIAL_CARD_REQUIRED, TRIAL_DAYS } from "./plan-catalogue.js";
import type { BillingEvent, BillingProvider, BillingStore, TierChangeEffects } from "./ports.js";
import {
  applySubscription,
  type BillingAccountRecord,
  effectiveTier,
  GRANTING_STATUSES,
  type SubscriptionSnapshot,
  settlePending,
} from "./tier-policy.js";

export interface BillingDeps {
  store: BillingStore;
  provider: BillingProvider;
  effects: TierChangeEffects;
  /** Whether the account still exists: events for a deleted account write nothing. */
  accountExists(userId: string): Promise<boolean>;
  /** The account holder's address, to open a new customer with. */
  contactOf(userId: string): Promise<{ email?: string }>;
  appUrl: string;
  now: () => Date;
}

export interface BillingSummary {
  tier: MembershipTier;
  tierName: string;
  status: BillingAccountRecord["status"];
  currentPeriodEnd?: string;
  trialEnd?: string;
  cancelAtPeriodEnd: boolean;
  /** A lower tier waiting for the period's end, and when it takes effect. */
  pending?: { tier: MembershipTier; from: string };
  /** Protected people the subscription pays for, when its plan is priced per person. */
  protectedPeople?: number;
  /** Whether the hosted billing portal can be opened (a customer exists). */
  canManage: boolean;
  trial: { days: number; available: boolean };
  plans: { tier: MembershipTier; name: string; monthlyAmountCents: number | null; perProtectedPerson: boolean }[];
}

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "stale";

const EVENT_RECORD_DAYS = 30;

/** The tier comes from billing alone: checkout and portal sessions out, signed webhooks in. */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  async summary(userId: string): Promise<BillingSummary> {
    const account = await this.deps.store.getAccount(userId);
    const now = this.deps.now();
    const tier = effectiveTier(account, now);
    const pendingDue = account?.pendingFrom && Date.parse(account.pendingFrom) > now.getTime();
    return {
      tier,
      tierName: TIERS[tier].name,
      status: account?.status ?? "none",
      cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
      ...(account?.currentPeriodEnd ? { currentPeriodEnd: account.currentPeriodEnd } : {}),
      ...(account?.trialEnd ? { trialEnd: account.trialEnd } : {}),
      ...(pendingDue && account?.pendingFrom
        ? { pending: { tier: account.pendingTier ?? "personal", from: account.pendingFrom } }
        : {}),
      ...(tier === "enterprise" && account?.protectedPeople ? { protectedPeople: account.protectedPeople } : {}),
      canManage: Boolean(account?.customerId),
      trial: { days: TRIAL_DAYS, available: !(account?.trialUsed ?? false) },
      plans: PAID_PLANS.map((p) => ({ ...p })),
    };
  }

  /**
   * A hosted checkout for a paid plan (with the trial when the account never had one); `people`,
   * for a plan priced per protected person, is how many it protects.
   */
  async startCheckout(userId: string, tier: MembershipTier, people?: number): Promise<{ url: string }> {
    const plan = paidPlan(tier);
    if (plan.monthlyAmountCents === null) {
      throw new DomainError("invalid", `The ${plan.name} plan is arranged with our sales team, not through checkout`);
    }
    const quantity = checkoutQuantity(plan, people);
    const account = await this.deps.store.getAccount(userId);
    if (account && GRANTING_STATUSES.has(account.status) && account.subscriptionId) {
      throw new DomainError("conflict", "You already have a subscription: change your plan with Manage billing");
    }
    const trial = !(account?.trialUsed ?? false);
    const contact = account?.customerId ? {} : await this.deps.contactOf(userId);
    const session = await this.deps.provider.createCheckoutSession({
      userId,
      tier,
      planName: `LikenessGuard ${plan.name}`,
      monthlyAmountCents: plan.monthlyAmountCents,
      quantity,
      ...(account?.customerId ? { customerId: account.customerId } : {}),
      ...(contact.email ? { email: contact.email } : {}),
      ...(trial ? { trialDays: TRIAL_DAYS } : {}),
      collectCardDuringTrial: TRIAL_CARD_REQUIRED,
      successUrl: `${this.deps.appUrl}/settings?billing=done`,
      cancelUrl: `${this.deps.appUrl}/pricing?billing=cancelled`,
    });
    return { url: session.url };
  }

  /** The provider's portal, where plans are changed and subscriptions cancelled. */
  async openPortal(userId: string): Promise<{ url: string }> {
    const account = await this.deps.store.getAccount(userId);
    if (!account?.customerId) {
      throw new DomainError("conflict", "There is no subscription to manage yet: choose a plan on the pricing page");
    }
    return this.deps.provider.createPortalSession(account.customerId, `${this.deps.appUrl}/settings`);
  }

  /** The account is being deleted: its subscription ends now, so nothing more is charged. */
  async endSubscription(userId: string): Promise<void> {
    const account = await this.deps.store.getAccount(userId);
    if (account?.subscriptionId && account.status !== "canceled" && account.status !== "incomplete_expired") {
      await this.deps.provider.cancelSubscription(account.subscriptionId);
    }
  }

  /** A signed webhook: verified, applied once (by event id), older events than the last applied ignored. */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    const event = await this.deps.provider.verifyWebhook(rawBody, signature);
    if (await this.deps.store.wasApplied(event.id)) return "duplicate";
    const outcome = await this.apply(event);
    if (outcome.userId !== undefined || outcome.result !== "ignored") {
      await this.deps.store.markApplied({
        eventId: event.id,
        type: event.type,
        ...(outcome.userId ? { userId: outcome.userId } : {}),
      });
    }
    return outcome.result;
  }

  /** The hourly job: lowerings whose period has ended become final (check-at-read already applied them). */
  async settleDue(): Promise<number> {
    const now = this.deps.now();
    const due = await this.deps.store.listDue(now);
    for (const account of due) {
      const from = account.tier ?? "personal";
      const settled = settlePending(account, now);
      await this.deps.store.putAccount(settled);
      await this.deps.effects.tierChanged(account.userId, from, effectiveTier(settled, now), "billing period ended");
    }
    return due.length;
  }

  /**
   * Whether this checkout's subscription becomes the account's: only one of checkouts completed at
   * once does (two tabs, two paid checkouts). A claim held by a subscription that has ended, as
   * the provider says now, gives way to the new one.
   */
  private async claimCheckout(userId: string, subscriptionId: string): Promise<boolean> {
    const at = this.deps.now().toISOString();
    let replacing: string | undefined;
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const claim = await this.deps.store.claimSubscription(userId, subscriptionId, at, replacing);
      if (claim.claimed) return true;
      if (!claim.holder) continue;
      const held = await this.deps.provider.getSubscription(claim.holder);
      if (GRANTING_STATUSES.has(held.status)) return false;
      replacing = claim.holder;
    }
    return false;
  }

  private async apply(event: BillingEvent): Promise<{ result: WebhookOutcome; userId?: string }> {
    if (event.kind === "ignored") return { result: "ignored" };
    let snapshot: SubscriptionSnapshot;
    let userId: string | undefined;
    if (event.kind === "checkout_completed") {
      if (!event.subscriptionId || !event.userId) return { result: "ignored" };
      snapshot = await this.deps.provider.getSubscription(event.subscriptionId);
      userId = event.userId;
    } else {
      snapshot = event.subscription;
      userId = snapshot.userId;
    }
    if (!userId || !(await this.deps.accountExists(userId))) return { result: "ignored" };
    if (event.kind === "checkout_completed" && !(await this.claimCheckout(userId, snapshot.subscriptionId))) {
      // A second checkout paid while the first one's subscription lives: ended before it charges again.
      await this.deps.provider.cancelSubscription(snapshot.subscriptionId);
      return { result: "ignored", userId };
    }
    const previous = await this.deps.store.getAccount(userId);
    if (previous?.subscriptionId && previous.subscriptionId !== snapshot.subscriptionId) {
      // Another subscription of the same account (an old one ending) must not undo the current one.
      const previousLive = GRANTING_STATUSES.has(previous.status);
      if (previousLive && !GRANTING_STATUSES.has(snapshot.status)) return { result: "ignored", userId };
    }
    if (previous?.lastEventAt !== undefined && event.created < previous.lastEventAt) return { result: "stale", userId };
    const now = this.deps.now();
    const next = { ...applySubscription(previous, snapshot, userId, now), lastEventAt: event.created };
    await this.deps.store.putAccount(next);
    const from = effectiveTier(previous, now);
    const to = effectiveTier(next, now);
    if (from !== to) await this.deps.effects.tierChanged(userId, from, to, event.type);
    return { result: "applied", userId };
  }
}

/** Rounds a checkout may lose to the claim changing hands (an ended subscription replaced). */
const CLAIM_ATTEMPTS = 3;

export const billingEventExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + EVENT_RECORD_DAYS * 86_400;
