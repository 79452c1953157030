import { billingService } from "../../shared/billing-services.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { requireUserId } from "../../shared/session.js";

/** POST /api/billing/portal: the billing provider's portal (plan changes, card, cancellation). */
export const openPortal: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  return json(200, await billingService().openPortal(accountId));
};
