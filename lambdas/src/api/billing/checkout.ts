import { MembershipTier } from "@lg/domain/table/entities";
import { z } from "zod";
import { billingService } from "../../shared/billing-services.js";
import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";

const CheckoutBody = z.object({
  tier: z.string({ error: "Choose a plan" }).max(32, "Unknown plan").pipe(MembershipTier),
});

/** POST /api/billing/checkout: a hosted checkout for the chosen paid plan; the browser goes to `url`. */
export const startCheckout: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  const { tier } = parseJson(event, CheckoutBody);
  return json(200, await billingService().startCheckout(accountId, tier));
};
