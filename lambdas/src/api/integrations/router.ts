import { createRouteGroup } from "../../shared/http/route-group.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.js";
import {
  createWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  rotateWebhookSecret,
} from "./webhooks.js";

export const handler = createRouteGroup("integrations", {
  "GET /api/api-keys": listApiKeys,
  "POST /api/api-keys": createApiKey,
  "DELETE /api/api-keys/{id}": revokeApiKey,
  "GET /api/webhooks": listWebhooks,
  "POST /api/webhooks": createWebhook,
  "DELETE /api/webhooks/{id}": removeWebhook,
  "POST /api/webhooks/{id}/rotate-secret": rotateWebhookSecret,
  "POST /api/webhooks/{id}/enable": enableWebhook,
  "GET /api/webhooks/{id}/deliveries": listDeliveries,
  "POST /api/webhooks/{id}/deliveries/{deliveryId}/resend": resendDelivery,
});
