import { NewKeyBody } from "@lg/domain/integrations/web-requests";
import { z } from "zod";
import { accountStore } from "../../shared/accounts/services.js";
import { auditActor, requireActor } from "../../shared/http/actor.js";
import { parseJson, parseParameters } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { apiKeyService } from "../../shared/integrations/services.js";

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
