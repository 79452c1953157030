import { tellAnalysisEnded } from "@lg/domain/integrations/analyses";
import { analysisStore, publishEvent } from "../../shared/integrations/services.js";
import { observed } from "../../shared/observability.js";
import { AnalysisTaskInput } from "./task-input.js";

/** Tell: analysis.completed to the account's webhooks, with the ended analysis as the API answers it. */
export const handler = observed(async (event: unknown) => {
  const { accountId, analysisId } = AnalysisTaskInput.parse(event);
  return tellAnalysisEnded({ store: analysisStore(), publish: publishEvent }, accountId, analysisId);
});
