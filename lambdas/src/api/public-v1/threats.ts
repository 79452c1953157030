import { TakedownRequest, type ThreatListQuery } from "@lg/domain/integrations/public-api-contract";
import type { z } from "zod";
import { requestKey } from "../../shared/http/api-key-guard.js";
import { parseJson } from "../../shared/http/request.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { apiKeyService } from "../../shared/integrations/services.js";
import { publicApiService } from "../../shared/public-api/services.js";
import { idempotentPost, op, operationInput, respond } from "./respond.js";

/** GET /api/v1/threats */
export const listThreats: ApiHandler = async (event) => {
  const { query } = operationInput(op("listThreats"), event);
  const key = requestKey(event);
  return respond(
    op("listThreats"),
    await publicApiService().listThreats(key.accountId, query as z.infer<typeof ThreatListQuery>),
  );
};

/** GET /api/v1/threats/{id}: 404 for another organisation's threat, as for none. */
export const getThreat: ApiHandler = async (event) => {
  const { params } = operationInput(op("getThreat"), event);
  return respond(
    op("getThreat"),
    await publicApiService().getThreat(requestKey(event).accountId, (params as { id: string }).id),
  );
};

/**
 * POST /api/v1/threats/{id}/takedowns: under its Idempotency-Key, so a retry is answered from the
 * first run and never sends a second notice; a notice sent is in the audit log as the key's doing.
 */
export const createTakedown: ApiHandler = async (event) => {
  const operation = op("createTakedown");
  const { params } = operationInput(operation, event);
  const threatId = (params as { id: string }).id;
  const body = parseJson(event, TakedownRequest);
  return idempotentPost(operation, event, async (key) => {
    const outcome = await publicApiService().takedown(key.accountId, threatId, body);
    await apiKeyService().recordWrite(
      key,
      `takedown.${body.action}`,
      outcome.action === "send" ? outcome.takedownId : threatId,
    );
    return outcome;
  });
};
