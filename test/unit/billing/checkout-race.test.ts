import { DynamoBillingStore } from "@lg/domain/billing/adapters/dynamo-billing-store";
import { BillingService } from "@lg/domain/billing/billing-service";
import type { BillingEvent, BillingProvider } from "@lg/domain/billing/ports";
import type { SubscriptionSnapshot } from "@lg/domain/billing/tier-policy";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const table = useDynamoStandIn("checkout-race-test");
const NOW = new Date("2026-11-27T03:00:00Z");

/** The provider's subscriptions; a webhook body here is the verified event itself. */
function billing() {
  const subscriptions = new Map<string, SubscriptionSnapshot>();
  const cancelled: string[] = [];
  const provider: BillingProvider = {
    createCheckoutSession: async () => ({ id: "cs", url: "https://pay.example" }),
    createPortalSession: async () => ({ url: "https://portal.example" }),
    getSubscription: async (id) => {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`No such subscription ${id}`);
      return sub;
    },
    cancelSubscription: async (id) => {
      cancelled.push(id);
      const sub = subscriptions.get(id);
      if (sub) subscriptions.set(id, { ...sub, status: "canceled" });
    },
    verifyWebhook: async (rawBody) => JSON.parse(rawBody) as BillingEvent,
  };
  const service = new BillingService({
    store: new DynamoBillingStore(table.doc, table.table, () => NOW),
    provider,
    effects: { tierChanged: async () => undefined },
    accountExists: async () => true,
    contactOf: async () => ({}),
    appUrl: "https://app.example",
    now: () => NOW,
  });
  /** A checkout paid for `tier`: its subscription exists at the provider, its webhook not yet delivered. */
  const paid = (userId: string, n: number, tier: "personal" | "professional") => {
    const subscriptionId = `sub_${userId}_${n}`;
    subscriptions.set(subscriptionId, {
      subscriptionId,
      customerId: `cus_${userId}`,
      userId,
      status: "active",
      tier,
      cancelAtPeriodEnd: false,
    });
    const event: BillingEvent = {
      id: `evt_${userId}_${n}`,
      created: 1_000 + n,
      kind: "checkout_completed",
      type: "checkout.session.completed",
      userId,
      subscriptionId,
    };
    return JSON.stringify(event);
  };
  return { service, subscriptions, cancelled, paid };
}

describe("checkouts completed at once", () => {
  it("keep one subscription and cancel the other before it charges again", async () => {
    const b = billing();
    const outcomes = await Promise.all([
      b.service.handleWebhook(b.paid("two-tabs", 1, "professional"), "sig"),
      b.service.handleWebhook(b.paid("two-tabs", 2, "professional"), "sig"),
    ]);
    expect([...outcomes].sort()).toEqual(["applied", "ignored"]);
    expect(b.cancelled).toHaveLength(1);
    const live = [...b.subscriptions.values()].filter((s) => s.status === "active");
    expect(live).toHaveLength(1);
    expect((await b.service.summary("two-tabs")).tier).toBe("professional");
  });

  it("let a new checkout replace a subscription that has ended", async () => {
    const b = billing();
    expect(await b.service.handleWebhook(b.paid("came-back", 1, "professional"), "sig")).toBe("applied");
    b.subscriptions.set("sub_came-back_1", { ...b.subscriptions.get("sub_came-back_1")!, status: "canceled" });
    expect(await b.service.handleWebhook(b.paid("came-back", 2, "professional"), "sig")).toBe("applied");
    expect(b.cancelled).toEqual([]);
  });
});
