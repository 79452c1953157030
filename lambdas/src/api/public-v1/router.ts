import { apiKeyGuarded, withProblemDetails } from "../../shared/http/api-key-guard.js";
import { createRouteGroup, sessionRoute } from "../../shared/http/route-group.js";
import { createAnalysis, getAnalysis } from "./analyses.js";
import { getTakedown, listPeople, listTakedowns, openApiDocument } from "./takedowns-and-people.js";
import { createTakedown, getThreat, listThreats } from "./threats.js";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./webhooks.js";

export const handler = createRouteGroup(
  "publicApi",
  {
    "GET /api/v1/threats": listThreats,
    "GET /api/v1/threats/{id}": getThreat,
    "POST /api/v1/threats/{id}/takedowns": createTakedown,
    "GET /api/v1/takedowns": listTakedowns,
    "GET /api/v1/takedowns/{id}": getTakedown,
    "GET /api/v1/people": listPeople,
    "POST /api/v1/analyses": createAnalysis,
    "GET /api/v1/analyses/{id}": getAnalysis,
    "GET /api/v1/webhooks": listWebhookEndpoints,
    "POST /api/v1/webhooks": createWebhookEndpoint,
    "GET /api/v1/webhooks/{id}": getWebhookEndpoint,
    "PATCH /api/v1/webhooks/{id}": updateWebhookEndpoint,
    "DELETE /api/v1/webhooks/{id}": deleteWebhookEndpoint,
    "POST /api/v1/webhooks/{id}/rotate-secret": rotateWebhookSecret,
    "GET /api/v1/openapi.json": openApiDocument,
  },
  (route, handler) =>
    route.auth === "api-key" ? withProblemDetails(apiKeyGuarded(route, handler)) : sessionRoute(route, handler),
);
