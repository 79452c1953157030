import { createRouteGroup } from "../../shared/http/route-group.js";
import { billingSummary } from "./billing-summary.js";
import { startCheckout } from "./checkout.js";
import { openPortal } from "./portal.js";
import { billingWebhook } from "./webhook.js";

export const handler = createRouteGroup("billing", {
  "GET /api/billing": billingSummary,
  "POST /api/billing/checkout": startCheckout,
  "POST /api/billing/portal": openPortal,
  "POST /api/billing/webhook": billingWebhook,
});
