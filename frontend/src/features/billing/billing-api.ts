import { BillingSummary, HostedPage } from "@lg/domain/billing/web-contract";
import type { CheckoutRequest } from "@lg/domain/billing/web-requests";
import { queryOptions } from "@tanstack/react-query";
import { apiJson, getChecked } from "../../api/client";
import type { MembershipTier } from "../../api/types";

export type { BillingSummary } from "@lg/domain/billing/web-contract";

export const BILLING_KEY = ["/api/billing"] as const;
export const billingQuery = (enabled: boolean) =>
  queryOptions({ queryKey: BILLING_KEY, queryFn: getChecked(BillingSummary), enabled });

/**
 * The hosted checkout (Stripe) for a paid plan, for `people` protected people when it is priced per
 * person: the browser leaves the app for it and comes back to Settings.
 */
export async function goToCheckout(tier: MembershipTier, people?: number): Promise<void> {
  const { url } = await apiJson(
    "POST",
    "/api/billing/checkout",
    {
      tier,
      ...(people === undefined ? {} : { people }),
    } satisfies CheckoutRequest,
    HostedPage,
  );
  window.location.assign(url);
}

/** The hosted billing portal: plan changes, card, cancellation. */
export async function goToBillingPortal(): Promise<void> {
  const { url } = await apiJson("POST", "/api/billing/portal", undefined, HostedPage);
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
