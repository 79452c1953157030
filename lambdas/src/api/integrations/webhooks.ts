import { WebhookEndpointInput } from "@lg/domain/integrations/public-api-contract";
import { z } from "zod";
import { auditActor, requireActor } from "../../shared/http/actor.js";
import { parseJson, parseParameters } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { webhookService } from "../../shared/integrations/services.js";

const Ids = z.object({ id: z.string(), deliveryId: z.string().optional() });
const ids = (event: Parameters<ApiHandler>[0]) => parseParameters(event.pathParameters ?? {}, Ids, "Invalid id");

/** GET /api/webhooks: the organisation's endpoints (never their secrets). */
export const listWebhooks: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, { endpoints: await webhookService().list(actor.accountId) });
};

/** POST /api/webhooks {url, events}: the signing secret is in this answer only. */
export const createWebhook: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const input = parseJson(event, WebhookEndpointInput);
  return json(201, await webhookService().create(actor.accountId, await auditActor(actor), input));
};

export const removeWebhook: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  await webhookService().remove(actor.accountId, await auditActor(actor), ids(event).id);
  return json(200, { removed: ids(event).id });
};

/** POST /api/webhooks/{id}/rotate-secret: a new secret; the previous one still signs for a day. */
export const rotateWebhookSecret: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, await webhookService().rotateSecret(actor.accountId, await auditActor(actor), ids(event).id));
};

export const enableWebhook: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, { endpoint: await webhookService().enable(actor.accountId, ids(event).id) });
};

/** GET /api/webhooks/{id}/deliveries: the delivery log, newest first. */
export const listDeliveries: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, { deliveries: await webhookService().deliveries(actor.accountId, ids(event).id) });
};

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend */
export const resendDelivery: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const { id, deliveryId } = ids(event);
  return json(200, { delivery: await webhookService().resend(actor.accountId, id, deliveryId ?? "") });
};
