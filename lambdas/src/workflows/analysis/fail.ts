import { failAnalysis, INTERNAL_FAILURE, UPLOAD_LATE } from "@lg/domain/integrations/analyses";
import { z } from "zod";
import { analysisStore, analysisUploads } from "../../shared/integrations/services.js";
import { observed } from "../../shared/observability.js";
import { AnalysisTaskInput } from "./task-input.js";

/** The workflow's Catch: Run's error (States.ErrorOutput) is in `error`; only a late upload is the client's. */
const Input = AnalysisTaskInput.extend({ error: z.object({ Error: z.string().optional() }).passthrough() });

/** Fail: the analysis failed, with the reason its client is told (it reads no media). */
export const handler = observed(async (event: unknown) => {
  const { accountId, analysisId, error } = Input.parse(event);
  const reason = error.Error === "UploadNotArrived" ? UPLOAD_LATE : INTERNAL_FAILURE;
  const deps = { store: analysisStore(), uploads: analysisUploads(), now: () => new Date() };
  return { accountId, analysisId, ...(await failAnalysis(deps, { accountId, analysisId }, reason)) };
});
