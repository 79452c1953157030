import { API_KEY_SCOPES, ApiKeyScope } from "@lg/domain/table/integration-entities";
import { z } from "zod";
import { accountStore } from "../../shared/accounts/services.js";
import { auditActor, requireActor } from "../../shared/http/actor.js";
import { parseJson, parseParameters } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { apiKeyService } from "../../shared/integrations/services.js";

/** POST /api/api-keys */
export const NewKeyBody = z
  .object({
    name: z.string().trim().min(1, "name is required").max(100, "name is too long (at most 100 characters)"),
    scopes: z
      .array(ApiKeyScope, {
        error: "scopes must name threats:read, takedowns:write, analyses:write, people:read or webhooks:manage",
      })
      .min(1, "Choose at least one scope")
      .max(API_KEY_SCOPES.length, "Each scope once"),
    validUntil: z.iso
      .datetime({ offset: true, error: "validUntil must be a date-time such as 2027-01-31T00:00:00Z" })
      .max(40, "validUntil must be a date-time such as 2027-01-31T00:00:00Z")
      .optional(),
  })
  .strict();

/** GET /api/api-keys: the organisation's keys (never their secrets). */
export const listApiKeys: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, { keys: await apiKeyService().list(actor.accountId) });
};

/** POST /api/api-keys: a new key; its secret is in this answer and nowhere else, ever. */
export const createApiKey: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const input = parseJson(event, NewKeyBody);
  const tier = (await accountStore().getProfile(actor.accountId))?.membershipTier ?? "personal";
  return json(201, await apiKeyService().create(actor.accountId, await auditActor(actor), tier, input));
};

/** DELETE /api/api-keys/{id}: revoked from the next request on. */
export const revokeApiKey: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const id = parseParameters(event.pathParameters?.id, z.string(), "Invalid id");
  await apiKeyService().revoke(actor.accountId, await auditActor(actor), id);
  return json(200, { revoked: id });
};
