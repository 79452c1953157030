import { billingService } from "../../shared/billing/services.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/** GET /api/billing: the plan in force, its status, period end, any lowering waiting, the trial and prices. */
export const billingSummary: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  return json(200, await billingService().summary(accountId));
};
