import { createRouteGroup } from "../../shared/route-group.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.js";

export const handler = createRouteGroup("integrations", {
  "GET /api/api-keys": listApiKeys,
  "POST /api/api-keys": createApiKey,
  "DELETE /api/api-keys/{id}": revokeApiKey,
});
