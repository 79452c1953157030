import { CheckoutBody } from "@lg/domain/billing/web-requests";
import { billingService } from "../../shared/billing/services.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/** POST /api/billing/checkout: a hosted checkout for the chosen paid plan; the browser goes to `url`. */
export const startCheckout: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  const { tier, people } = parseJson(event, CheckoutBody);
  return json(200, await billingService().startCheckout(accountId, tier, people));
};
