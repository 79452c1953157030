import { snapshotOf } from "@lg/domain/billing/adapters/stripe-billing";
import {
  checkoutQuantity,
  ENTERPRISE_PRICE_PER_PERSON,
  ENTERPRISE_SEATS,
  paidPlan,
} from "@lg/domain/billing/plan-catalogue";
import { applySubscription, type SubscriptionSnapshot } from "@lg/domain/billing/tier-policy";
import { DomainError } from "@lg/domain/errors";
import { assertCanAddProtectedPerson, protectedPeopleLimit } from "@lg/domain/tiers";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-23T12:00:00Z");
const PERIOD_END = "2026-12-23T12:00:00.000Z";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}: ${error.message}`;
    throw error;
  }
  return "accepted";
};

const stripeSubscription = (
  price: { lookup_key?: string | null; metadata?: Record<string, string> },
  quantity: number,
) => ({
  id: "sub_1",
  customer: "cus_1",
  status: "active",
  metadata: { lg_user_id: "u1" },
  items: {
    data: [{ price: { id: "price_1", unit_amount: 9900, ...price }, quantity, current_period_end: 1_800_000_000 }],
  },
});

describe("Enterprise is bought per protected person", () => {
  it("is priced per person from one catalogue constant", () => {
    const plan = paidPlan("enterprise");
    expect(plan.perProtectedPerson).toBe(true);
    expect(plan.monthlyAmountCents).toBe(ENTERPRISE_PRICE_PER_PERSON * 100);
    expect(paidPlan("professional").perProtectedPerson).toBe(false);
  });

  it("takes a whole number of people within the checkout range, and one for plans priced per account", () => {
    const enterprise = paidPlan("enterprise");
    expect(checkoutQuantity(enterprise, 1)).toBe(1);
    expect(checkoutQuantity(enterprise, ENTERPRISE_SEATS.max)).toBe(ENTERPRISE_SEATS.max);
    for (const people of [0, -3, 2.5, ENTERPRISE_SEATS.max + 1, Number.NaN]) {
      expect(refusal(() => checkoutQuantity(enterprise, people))).toMatch(
        /^invalid: The Enterprise plan protects from 1 to 500 people/,
      );
    }
    expect(refusal(() => checkoutQuantity(enterprise, undefined))).toBe(
      "invalid: Choose how many people the Enterprise plan protects",
    );
    const professional = paidPlan("professional");
    expect(checkoutQuantity(professional, undefined)).toBe(1);
    expect(refusal(() => checkoutQuantity(professional, 5))).toMatch(
      /^invalid: The Professional plan is priced per account/,
    );
  });

  it("reads the people paid for from our per-person price's quantity, not from a contract sales set up", () => {
    const bought = snapshotOf(
      stripeSubscription({ lookup_key: "likenessguard_enterprise_monthly", metadata: { lg_tier: "enterprise" } }, 7),
    );
    expect(bought).toMatchObject({ tier: "enterprise", protectedPeople: 7 });
    const contract = snapshotOf(stripeSubscription({ lookup_key: null, metadata: { lg_tier: "enterprise" } }, 1));
    expect(contract.tier).toBe("enterprise");
    expect(contract.protectedPeople).toBeUndefined();
    const professional = snapshotOf(
      stripeSubscription(
        { lookup_key: "likenessguard_professional_monthly", metadata: { lg_tier: "professional" } },
        1,
      ),
    );
    expect(professional.protectedPeople).toBeUndefined();
  });

  it("stores the people paid for on the billing account, kept while a lower plan waits for the period's end", () => {
    const snapshot = (over: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      userId: "u1",
      status: "active",
      tier: "enterprise",
      currentPeriodEnd: PERIOD_END,
      cancelAtPeriodEnd: false,
      ...over,
    });
    const bought = applySubscription(null, snapshot({ protectedPeople: 5 }), "u1", NOW);
    expect(bought).toMatchObject({ tier: "enterprise", protectedPeople: 5 });
    expect(applySubscription(bought, snapshot({ protectedPeople: 8 }), "u1", NOW).protectedPeople).toBe(8);
    const lowering = applySubscription(bought, snapshot({ tier: "professional" }), "u1", NOW);
    expect(lowering).toMatchObject({ tier: "enterprise", pendingTier: "professional", protectedPeople: 5 });
  });

  it("refuses a person beyond the people paid for with a conflict that says how to add places", () => {
    expect(protectedPeopleLimit("enterprise", 4)).toBe(4);
    expect(protectedPeopleLimit("enterprise", undefined)).toBeNull();
    expect(protectedPeopleLimit("professional", 4)).toBe(1);
    expect(refusal(() => assertCanAddProtectedPerson("enterprise", 3, 4))).toBe("accepted");
    expect(refusal(() => assertCanAddProtectedPerson("enterprise", 4, 4))).toMatch(
      /^conflict: Your Enterprise plan pays for 4 protected people, all in use: add people to your subscription/,
    );
    expect(refusal(() => assertCanAddProtectedPerson("enterprise", 40, undefined))).toBe("accepted");
  });
});
