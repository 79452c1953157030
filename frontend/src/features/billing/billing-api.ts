import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import type { MembershipTier } from "../../api/types";

/** GET /api/billing: the plan in force as billing reports it. */
export interface BillingSummary {
  tier: MembershipTier;
  tierName: string;
  status: "none" | "trialing" | "active" | "past_due" | "unpaid" | "canceled" | "incomplete" | "incomplete_expired";
  currentPeriodEnd?: string;
  trialEnd?: string;
  cancelAtPeriodEnd: boolean;
  pending?: { tier: MembershipTier; from: string };
  canManage: boolean;
  trial: { days: number; available: boolean };
}

export const BILLING_KEY = ["/api/billing"] as const;
export const billingQuery = (enabled: boolean) => queryOptions<BillingSummary>({ queryKey: BILLING_KEY, enabled });

/** The hosted checkout (Stripe) for a paid plan: the browser leaves the app for it and comes back to Settings. */
export async function goToCheckout(tier: MembershipTier): Promise<void> {
  const { url } = await apiJson<{ url: string }>("POST", "/api/billing/checkout", { tier });
  window.location.assign(url);
}

/** The hosted billing portal: plan changes, card, cancellation. */
export async function goToBillingPortal(): Promise<void> {
  const { url } = await apiJson<{ url: string }>("POST", "/api/billing/portal");
  window.location.assign(url);
}

export const STATUS_LABELS: Record<BillingSummary["status"], string> = {
  none: "No subscription",
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment overdue (the provider is retrying)",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Payment not completed",
  incomplete_expired: "Payment not completed",
};

export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
