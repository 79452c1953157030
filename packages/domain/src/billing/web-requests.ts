import { z } from "zod";
import { MembershipTier } from "../table/entities/user-profile.js";

/**
 * What the web app sends to the billing routes, written once: the handler validates with it (same
 * messages) and the web app types the body it sends from it (docs/architecture.md, "The web contract").
 */

/** POST /api/billing/checkout */
export const CheckoutBody = z.object({
  tier: z.string({ error: "Choose a plan" }).max(32, "Unknown plan").pipe(MembershipTier),
  /** How many people a plan priced per protected person protects (the domain checks the range). */
  people: z.number({ error: "The number of people must be a number" }).optional(),
});

export type CheckoutRequest = z.input<typeof CheckoutBody>;
