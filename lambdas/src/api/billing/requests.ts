import { MembershipTier } from "@lg/domain/table/entities";
import { z } from "zod";

export const CheckoutBody = z.object({
  tier: z.string({ error: "Choose a plan" }).max(32, "Unknown plan").pipe(MembershipTier),
});
