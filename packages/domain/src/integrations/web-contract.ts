import { z } from "zod";
import { ApiKey, WebhookDelivery, WebhookEndpoint } from "../table/integration-entities.js";

/**
 * The web app's integration answers (Settings: /api/api-keys, /api/webhooks and their delivery
 * logs), written once: the handlers check their answers with these in tests and the web app takes
 * its types from them (docs/architecture.md, "The web contract"). Built from the stored entities;
 * the public API's own answers are in public-api-contract.ts.
 */

const key = ApiKey.schema.shape;
const endpoint = WebhookEndpoint.schema.shape;
const delivery = WebhookDelivery.schema.shape;

/** A key as Settings shows it (api-keys.ts `apiKeyView`): never its secret or hash. */
export const ApiKeyView = z.object({
  id: key.keyId,
  name: key.name,
  scopes: key.scopes,
  hint: key.hint,
  createdAt: key.createdAt,
  validUntil: key.validUntil,
  lastUsedAt: key.lastUsedAt,
  revokedAt: key.revokedAt,
  state: z.enum(["active", "expired", "revoked"]),
});

/** GET /api/api-keys */
export const ApiKeyList = z.object({ keys: z.array(ApiKeyView) });

/** POST /api/api-keys (201): the key, and its secret in this answer only. */
export const CreatedApiKey = z.object({ key: ApiKeyView, secret: z.string() });

/** DELETE /api/api-keys/{id} */
export const RevokedApiKey = z.object({ revoked: z.string() });

/** An endpoint as Settings shows it (webhooks.ts `endpointView`): never its secrets. */
export const WebhookEndpointView = z.object({
  id: endpoint.endpointId,
  url: endpoint.url,
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  failuresInARow: z.number().int(),
  createdAt: endpoint.createdAt,
  previousSecretRetiresAt: z.string().optional(),
});

/** GET /api/webhooks */
export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpointView) });

/** POST /api/webhooks (201) and POST /api/webhooks/{id}/rotate-secret: the signing secret in this answer only. */
export const WebhookEndpointWithSecret = z.object({ endpoint: WebhookEndpointView, secret: z.string() });

/** POST /api/webhooks/{id}/enable */
export const EnabledWebhookEndpoint = z.object({ endpoint: WebhookEndpointView });

/** DELETE /api/webhooks/{id} */
export const RemovedWebhookEndpoint = z.object({ removed: z.string() });

/** One delivery of an endpoint's log (webhooks.ts `deliveryView`): never its payload. */
export const DeliveryView = z.object({
  id: delivery.messageId,
  eventType: delivery.eventType,
  state: delivery.state,
  attempts: delivery.attempts,
  lastStatusCode: delivery.lastStatusCode,
  lastError: delivery.lastError,
  lastAttemptAt: delivery.lastAttemptAt,
  createdAt: delivery.createdAt,
});

/** GET /api/webhooks/{id}/deliveries: newest first. */
export const DeliveryLog = z.object({ deliveries: z.array(DeliveryView) });

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the delivery, queued again. */
export const ResentDelivery = z.object({ delivery: DeliveryView });

export type ApiKeyView = z.infer<typeof ApiKeyView>;
export type ApiKeyList = z.infer<typeof ApiKeyList>;
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;
export type DeliveryView = z.infer<typeof DeliveryView>;
export type DeliveryLog = z.infer<typeof DeliveryLog>;
