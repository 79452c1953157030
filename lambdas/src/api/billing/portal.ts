import { billingService } from "../../shared/billing/services.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/** POST /api/billing/portal: the billing provider's portal (plan changes, card, cancellation). */
export const openPortal: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  return json(200, await billingService().openPortal(accountId));
};
