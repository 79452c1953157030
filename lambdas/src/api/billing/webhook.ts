import { billingService } from "../../shared/billing/services.js";
import { bodyBytes, header } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** Stripe events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/billing/webhook: Stripe's signed events. No session: the signature over the raw body is
 * the authentication (400 without a valid one). Each event id is applied once.
 */
export const billingWebhook: ApiHandler = async (event) => {
  const raw = bodyBytes(event);
  if (raw.byteLength > MAX_EVENT_BYTES) return json(413, { message: "Event too large" });
  const outcome = await billingService().handleWebhook(raw.toString("utf8"), header(event, "stripe-signature"));
  return json(200, { received: true, outcome });
};
