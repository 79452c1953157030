import { pushSubscriptionInput } from "@lg/notices";
import { auditLog } from "../../shared/accounts/services.js";
import { requireActor } from "../../shared/http/actor.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { pushEndpointPolicy, pushSubscriptionService } from "../../shared/push/services.js";

/** POST /api/push/subscriptions: stores the browser's `PushSubscription.toJSON()` for the caller. */
export const subscribe: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const input = parseJson(event, pushSubscriptionInput(pushEndpointPolicy()));
  return json(201, await pushSubscriptionService().subscribe(userId, input));
};

/** GET /api/push/subscriptions: the caller's subscribed browsers (endpoints only, never keys). */
export const listSubscriptions: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, { subscriptions: await pushSubscriptionService().list(userId) });
};

/** DELETE /api/push/subscriptions/{id}: unsubscribes one of the account's browsers, in its audit log. */
export const unsubscribe: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const id = event.pathParameters?.id ?? "";
  await pushSubscriptionService().unsubscribe(actor.accountId, id);
  await auditLog().record(actor.accountId, { userId: actor.userId }, "push.unsubscribed", id);
  return { statusCode: 204, headers: { "cache-control": "no-store" }, body: "" };
};
