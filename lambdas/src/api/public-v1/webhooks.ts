import { keyActor } from "@lg/domain/integrations/api-keys";
import { WebhookEndpointInput, WebhookEndpointUpdate } from "@lg/domain/integrations/public-api-contract";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { requestKey } from "../../shared/http/api-key-guard.js";
import { parseJson } from "../../shared/http/request.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { apiKeyService, webhookService } from "../../shared/integrations/services.js";
import { idempotentPost, op, operationInput, respond } from "./respond.js";

/**
 * The webhooks:manage operations: the same WebhookService as Settings' /integrations page, acting as
 * the key (the audit log names it); another organisation's endpoint is 404, as none.
 */
const endpointId = (operation: Parameters<typeof operationInput>[0], event: APIGatewayProxyEventV2) =>
  (operationInput(operation, event).params as { id: string }).id;

/** GET /api/v1/webhooks */
export const listWebhookEndpoints: ApiHandler = async (event) =>
  respond(op("listWebhookEndpoints"), { data: await webhookService().list(requestKey(event).accountId) });

/** POST /api/v1/webhooks: the signing secret is in this answer (and its idempotent replays) only. */
export const createWebhookEndpoint: ApiHandler = async (event) => {
  const operation = op("createWebhookEndpoint");
  const body = parseJson(event, WebhookEndpointInput);
  return idempotentPost(
    operation,
    event,
    async (key) => {
      const made = await webhookService().create(key.accountId, keyActor(key), body);
      await apiKeyService().recordWrite(key, "webhook.create", made.endpoint.id);
      return made;
    },
    (answer) => ({
      location: `/api/v1/webhooks/${encodeURIComponent((answer as { endpoint: { id: string } }).endpoint.id)}`,
    }),
    { sealAnswer: true },
  );
};

/** GET /api/v1/webhooks/{id} */
export const getWebhookEndpoint: ApiHandler = async (event) => {
  const operation = op("getWebhookEndpoint");
  return respond(operation, await webhookService().get(requestKey(event).accountId, endpointId(operation, event)));
};

/** PATCH /api/v1/webhooks/{id} {url?, events?, enabled?} */
export const updateWebhookEndpoint: ApiHandler = async (event) => {
  const operation = op("updateWebhookEndpoint");
  const id = endpointId(operation, event);
  const change = parseJson(event, WebhookEndpointUpdate);
  const key = requestKey(event);
  const updated = await webhookService().update(key.accountId, keyActor(key), id, change);
  await apiKeyService().recordWrite(key, "webhook.update", id);
  return respond(operation, updated);
};

/** DELETE /api/v1/webhooks/{id} */
export const deleteWebhookEndpoint: ApiHandler = async (event) => {
  const operation = op("deleteWebhookEndpoint");
  const id = endpointId(operation, event);
  const key = requestKey(event);
  await webhookService().remove(key.accountId, keyActor(key), id);
  await apiKeyService().recordWrite(key, "webhook.delete", id);
  return respond(operation, { id, deleted: true });
};

/** POST /api/v1/webhooks/{id}/rotate-secret: a new secret; the previous one still signs for a day. */
export const rotateWebhookSecret: ApiHandler = async (event) => {
  const operation = op("rotateWebhookSecret");
  const id = endpointId(operation, event);
  return idempotentPost(
    operation,
    event,
    async (key) => {
      const rotated = await webhookService().rotateSecret(key.accountId, keyActor(key), id);
      await apiKeyService().recordWrite(key, "webhook.rotate_secret", id);
      return rotated;
    },
    undefined,
    { sealAnswer: true },
  );
};
