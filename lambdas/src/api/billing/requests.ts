import { MembershipTier } from "@lg/domain/table/entities";
import { z } from "zod";

export const CheckoutBody = z.object({
  tier: z.string({ error: "Choose a plan" }).max(32, "Unknown plan").pipe(MembershipTier),
  /** How many people a plan priced per protected person protects (the domain checks the range). */
  people: z.number({ error: "The number of people must be a number" }).optional(),
});
