import { createRouteGroup } from "../../shared/http/route-group.js";
import { listSubscriptions, subscribe, unsubscribe } from "./subscriptions.js";
import { getVapidPublicKey } from "./vapid-public-key.js";

export const handler = createRouteGroup("push", {
  "GET /api/push/vapid-public-key": getVapidPublicKey,
  "GET /api/push/subscriptions": listSubscriptions,
  "POST /api/push/subscriptions": subscribe,
  "DELETE /api/push/subscriptions/{id}": unsubscribe,
});
