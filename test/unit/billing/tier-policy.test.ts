import { describe, expect, it } from "vitest";
import {
  applySubscription,
  type BillingAccountRecord,
  effectiveTier,
  type SubscriptionSnapshot,
  settlePending,
} from "../../../packages/domain/src/billing/tier-policy.js";

const NOW = new Date("2026-11-23T12:00:00Z");
const PERIOD_END = "2026-12-07T12:00:00.000Z";
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

const snapshot = (over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscriptionId: "sub_1",
  customerId: "cus_1",
  userId: "u1",
  status: "active",
  tier: "professional",
  currentPeriodEnd: PERIOD_END,
  cancelAtPeriodEnd: false,
  ...over,
});

const subscribed = (tier: SubscriptionSnapshot["tier"]): BillingAccountRecord =>
  applySubscription(null, snapshot({ tier }), "u1", NOW);

describe("the tier in force", () => {
  it("is the base tier without a subscription, and the paid tier while it is paid or trialing", () => {
    expect(effectiveTier(null, NOW)).toBe("personal");
    expect(effectiveTier(subscribed("professional"), NOW)).toBe("professional");
    const trial = applySubscription(null, snapshot({ status: "trialing", trialEnd: PERIOD_END }), "u1", NOW);
    expect(effectiveTier(trial, NOW)).toBe("professional");
    expect(trial.trialUsed).toBe(true);
  });

  it("grants nothing for a checkout not paid (incomplete) or a subscription ended", () => {
    expect(effectiveTier(applySubscription(null, snapshot({ status: "incomplete" }), "u1", NOW), NOW)).toBe("personal");
    const ended = applySubscription(subscribed("enterprise"), snapshot({ status: "canceled" }), "u1", NOW);
    expect(effectiveTier(ended, NOW)).toBe("personal");
    expect(ended.pendingFrom).toBeUndefined();
  });

  it("raises at once, also over a downgrade that was waiting", () => {
    const down = applySubscription(subscribed("enterprise"), snapshot({ tier: "personal" }), "u1", NOW);
    const up = applySubscription(down, snapshot({ tier: "enterprise" }), "u1", NOW);
    expect(effectiveTier(up, NOW)).toBe("enterprise");
    expect(up.pendingFrom).toBeUndefined();
  });

  it("lowers a downgrade at the end of the period already paid for: check-at-read, then settled", () => {
    const down = applySubscription(subscribed("enterprise"), snapshot({ tier: "professional" }), "u1", NOW);
    expect(down).toMatchObject({ tier: "enterprise", pendingTier: "professional", pendingFrom: PERIOD_END });
    expect(effectiveTier(down, later(PERIOD_END, -1))).toBe("enterprise");
    expect(effectiveTier(down, new Date(PERIOD_END))).toBe("professional");
    const settled = settlePending(down, new Date(PERIOD_END));
    expect(settled).toMatchObject({ tier: "professional" });
    expect(settled.pendingFrom).toBeUndefined();
  });

  it("keeps a cancelled plan to the period's end, lowers to the base tier then, and resuming undoes it", () => {
    const cancelled = applySubscription(subscribed("professional"), snapshot({ cancelAtPeriodEnd: true }), "u1", NOW);
    expect(cancelled).toMatchObject({ tier: "professional", pendingFrom: PERIOD_END, cancelAtPeriodEnd: true });
    expect(cancelled.pendingTier).toBeUndefined();
    expect(effectiveTier(cancelled, later(PERIOD_END, -1))).toBe("professional");
    expect(effectiveTier(cancelled, later(PERIOD_END, 1))).toBe("personal");
    const resumed = applySubscription(cancelled, snapshot(), "u1", NOW);
    expect(resumed.pendingFrom).toBeUndefined();
    expect(effectiveTier(resumed, later(PERIOD_END, 1))).toBe("professional");
    const deleted = applySubscription(cancelled, snapshot({ status: "canceled" }), "u1", new Date(PERIOD_END));
    expect(effectiveTier(deleted, new Date(PERIOD_END))).toBe("personal");
  });

  it("reads the tier from the price, so a portal plan change is seen even with old subscription metadata", async () => {
    const { snapshotOf } = await import("../../../packages/domain/src/billing/adapters/stripe-billing.js");
    const subscription = {
      id: "sub_1",
      customer: "cus_1",
      status: "active",
      metadata: { lg_user_id: "u1", lg_tier: "enterprise" },
      items: {
        data: [
          {
            price: { id: "price_1", unit_amount: 1900, lookup_key: "likenessguard_personal_monthly" },
            current_period_end: 1_800_000_000,
          },
        ],
      },
    };
    expect(snapshotOf(subscription)).toMatchObject({
      tier: "personal",
      userId: "u1",
      currentPeriodEnd: new Date(1_800_000_000_000).toISOString(),
    });
    const custom = { ...subscription, items: { data: [{ price: { id: "price_2", unit_amount: 250000 } }] } };
    expect(snapshotOf(custom).tier).toBe("enterprise");
  });
});
