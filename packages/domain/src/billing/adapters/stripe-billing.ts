import { DomainError } from "../../errors.js";
import { BillingAccount, MembershipTier } from "../../table/entities.js";
import { CURRENCY, paidPlan } from "../plan-catalogue.js";
import type { BillingEvent, BillingProvider, CheckoutRequest } from "../ports.js";
import { verifyStripeSignature } from "../stripe-signature.js";
import type { SubscriptionSnapshot, SubscriptionStatus } from "../tier-policy.js";

export interface StripeKeys {
  /** The restricted or secret API key (sk_...). */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_...). */
  webhookSecret: string;
}

export interface StripeOptions {
  /** https://api.stripe.com, or the local stand-in (STRIPE_API_URL). */
  apiUrl: string;
  keys: () => Promise<StripeKeys>;
  now: () => Date;
  fetch?: typeof fetch;
}

/** Our metadata keys on Stripe objects: which account a subscription belongs to, which tier a price is. */
export const USER_ID_METADATA = "lg_user_id";
export const TIER_METADATA = "lg_tier";
export const lookupKeyFor = (tier: string) => `likenessguard_${tier}_monthly`;

type Params = Record<string, string | number | boolean | undefined>;

interface StripePrice {
  id: string;
  unit_amount: number | null;
  lookup_key?: string | null;
  metadata?: Record<string, string>;
}
interface StripeSubscription {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at_period_end?: boolean;
  current_period_end?: number;
  trial_end?: number | null;
  metadata?: Record<string, string>;
  items?: { data?: { price?: StripePrice; quantity?: number; current_period_end?: number }[] };
}

// The entity's list less "none", which is ours (no subscription at all), never Stripe's.
const STATUSES = new Set<SubscriptionStatus>(BillingAccount.schema.shape.status.exclude(["none"]).options);

const iso = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : undefined;

/**
 * Stripe over its REST API with plain fetch (form-encoded requests, Bearer key): Checkout Sessions,
 * Billing Portal sessions, Prices looked up by our lookup keys and created from the content file's
 * amounts when missing or changed, and signed webhooks verified as Stripe's libraries verify them.
 */
export class StripeBilling implements BillingProvider {
  private readonly fetch: typeof fetch;
  constructor(private readonly options: StripeOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  async createCheckoutSession(request: CheckoutRequest) {
    const price = await this.priceFor(request.tier, request.monthlyAmountCents, request.planName);
    const trial = request.trialDays !== undefined && request.trialDays > 0;
    const session = await this.call<{ id: string; url: string }>("POST", "/v1/checkout/sessions", {
      mode: "subscription",
      "line_items[0][price]": price.id,
      "line_items[0][quantity]": request.quantity,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.userId,
      customer: request.customerId,
      customer_email: request.customerId ? undefined : request.email,
      [`metadata[${USER_ID_METADATA}]`]: request.userId,
      [`subscription_data[metadata][${USER_ID_METADATA}]`]: request.userId,
      "subscription_data[trial_period_days]": trial ? request.trialDays : undefined,
      payment_method_collection: trial && !request.collectCardDuringTrial ? "if_required" : undefined,
    });
    return { id: session.id, url: session.url };
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const session = await this.call<{ url: string }>("POST", "/v1/billing_portal/sessions", {
      customer: customerId,
      return_url: returnUrl,
    });
    return { url: session.url };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot> {
    const subscription = await this.call<StripeSubscription>(
      "GET",
      `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
    );
    return snapshotOf(subscription);
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.call("DELETE", `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<BillingEvent> {
    const { webhookSecret } = await this.options.keys();
    const nowSeconds = Math.floor(this.options.now().getTime() / 1000);
    const check = verifyStripeSignature(rawBody, signatureHeader, webhookSecret, nowSeconds);
    if (!check.ok) throw new DomainError("invalid", `Webhook signature refused: ${check.reason}`);
    let event: { id?: string; type?: string; created?: number; data?: { object?: Record<string, unknown> } };
    try {
      event = JSON.parse(rawBody);
    } catch {
      throw new DomainError("invalid", "Webhook body is not JSON");
    }
    const { id, type, created } = event;
    const object = event.data?.object;
    if (typeof id !== "string" || typeof type !== "string" || typeof created !== "number" || !object) {
      throw new DomainError("invalid", "Webhook body is not a Stripe event");
    }
    if (type === "checkout.session.completed") {
      const session = object as {
        client_reference_id?: string | null;
        customer?: string | null;
        subscription?: string | null;
        metadata?: Record<string, string>;
      };
      const userId = session.client_reference_id ?? session.metadata?.[USER_ID_METADATA];
      return {
        id,
        created,
        type,
        kind: "checkout_completed",
        ...(userId ? { userId } : {}),
        ...(session.customer ? { customerId: session.customer } : {}),
        ...(session.subscription ? { subscriptionId: session.subscription } : {}),
      };
    }
    if (type.startsWith("customer.subscription.")) {
      return { id, created, type, kind: "subscription_changed", subscription: snapshotOf(object as never) };
    }
    return { id, created, type, kind: "ignored" };
  }

  /** The plan's price: found by lookup key at the content file's amount, or created (taking the key over). */
  private async priceFor(tier: string, amountCents: number, productName: string): Promise<StripePrice> {
    const lookupKey = lookupKeyFor(tier);
    const found = await this.call<{ data: StripePrice[] }>(
      "GET",
      `/v1/prices?${new URLSearchParams({ "lookup_keys[]": lookupKey, active: "true", limit: "1" })}`,
    );
    const current = found.data.find((p) => p.unit_amount === amountCents);
    if (current) return current;
    return this.call<StripePrice>("POST", "/v1/prices", {
      currency: CURRENCY,
      unit_amount: amountCents,
      "recurring[interval]": "month",
      "product_data[name]": productName,
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      [`metadata[${TIER_METADATA}]`]: tier,
    });
  }

  private async call<T>(method: "GET" | "POST" | "DELETE", path: string, params?: Params): Promise<T> {
    const { secretKey } = await this.options.keys();
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) body.set(key, String(value));
    const response = await this.fetch(new URL(path, this.options.apiUrl), {
      method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(method === "POST" ? { body: body.toString() } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = `Stripe answered ${response.status}`;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // Not JSON: keep the status.
      }
      throw new Error(`Stripe ${method} ${path.split("?")[0]}: ${message}`);
    }
    return JSON.parse(text) as T;
  }
}

/** A Stripe subscription as our domain reads it (period end from the item on newer API versions). */
export function snapshotOf(subscription: StripeSubscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  // The price says which plan is paid for (a plan change in the portal swaps the price); a subscription
  // sales set up by hand may say it in its own metadata instead.
  const tier =
    MembershipTier.safeParse(price?.metadata?.[TIER_METADATA]).data ??
    MembershipTier.options.find((t) => price?.lookup_key === lookupKeyFor(t)) ??
    MembershipTier.safeParse(subscription.metadata?.[TIER_METADATA]).data;
  const status = STATUSES.has(subscription.status as SubscriptionStatus)
    ? (subscription.status as SubscriptionStatus)
    : "incomplete";
  const userId = subscription.metadata?.[USER_ID_METADATA];
  const periodEnd = iso(item?.current_period_end ?? subscription.current_period_end);
  const trialEnd = iso(subscription.trial_end);
  // Only our own per-person price counts people: a contract sales set up has its own terms.
  const perPerson = tier !== undefined && price?.lookup_key === lookupKeyFor(tier) && paidPlan(tier).perProtectedPerson;
  const protectedPeople = perPerson && item?.quantity !== undefined && item.quantity > 0 ? item.quantity : undefined;
  return {
    subscriptionId: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    ...(userId ? { userId } : {}),
    ...(tier ? { tier } : {}),
    ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
    ...(trialEnd ? { trialEnd } : {}),
    ...(protectedPeople ? { protectedPeople } : {}),
  };
}
