import { z } from "zod";
import { BillingAccount } from "../table/entities/billing-account.js";
import { MembershipTier } from "../table/entities/user-profile.js";

/**
 * The web app's billing answer (GET /api/billing), written once: the handler checks its answer with
 * this in tests and the web app takes its type from it (docs/architecture.md, "The web contract").
 */

/** GET /api/billing: the plan in force as billing reports it (billing-service.ts `summary`). */
export const BillingSummary = z.object({
  tier: MembershipTier,
  tierName: z.string(),
  status: BillingAccount.schema.shape.status,
  currentPeriodEnd: z.string().optional(),
  trialEnd: z.string().optional(),
  cancelAtPeriodEnd: z.boolean(),
  /** A lower tier waiting for the period's end, and when it takes effect. */
  pending: z.object({ tier: MembershipTier, from: z.string() }).optional(),
  /** Protected people the subscription pays for, when the plan is priced per person (Enterprise). */
  protectedPeople: z.number().optional(),
  /** Whether the hosted billing portal can be opened (a customer exists). */
  canManage: z.boolean(),
  trial: z.object({ days: z.number(), available: z.boolean() }),
  plans: z.array(
    z.object({
      tier: MembershipTier,
      name: z.string(),
      monthlyAmountCents: z.number().nullable(),
      perProtectedPerson: z.boolean(),
    }),
  ),
});

/** POST /api/billing/checkout and /api/billing/portal: the hosted page (Stripe) the browser goes to. */
export const HostedPage = z.object({ url: z.string() });

export type BillingSummary = z.infer<typeof BillingSummary>;
export type HostedPage = z.infer<typeof HostedPage>;
