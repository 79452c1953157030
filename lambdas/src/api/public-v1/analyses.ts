import { AnalysisRequest } from "@lg/domain/integrations/public-api-contract";
import { requestKey } from "../../shared/http/api-key-guard.js";
import { parseJson } from "../../shared/http/request.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { analysisRequests, apiKeyService } from "../../shared/integrations/services.js";
import { idempotentPost, op, operationInput, respond } from "./respond.js";

/**
 * POST /api/v1/analyses: 202 with the queued analysis and its Location (an upload's answer also says
 * where to put the file); the analysis workflow runs it. Under its Idempotency-Key, so a retry starts
 * no second analysis; each submission is in the audit log as the key's doing.
 */
export const createAnalysis: ApiHandler = async (event) => {
  const operation = op("createAnalysis");
  const body = parseJson(event, AnalysisRequest);
  return idempotentPost(
    operation,
    event,
    async (key) => {
      const analysis = await analysisRequests().submit({ accountId: key.accountId, keyId: key.keyId }, body);
      await apiKeyService().recordWrite(key, "analysis.submitted", analysis.id);
      return analysis;
    },
    (answer) => ({ location: `/api/v1/analyses/${encodeURIComponent((answer as { id: string }).id)}` }),
  );
};

/** GET /api/v1/analyses/{id}: its status and, once completed, its result; another organisation's id is 404. */
export const getAnalysis: ApiHandler = async (event) => {
  const { params } = operationInput(op("getAnalysis"), event);
  return respond(
    op("getAnalysis"),
    await analysisRequests().get(requestKey(event).accountId, (params as { id: string }).id),
  );
};
