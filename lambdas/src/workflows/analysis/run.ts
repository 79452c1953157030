import { AnalysisRunner } from "@lg/domain/integrations/analyses";
import { analysisStore, analysisUploads } from "../../shared/integrations/services.js";
import { observed } from "../../shared/observability.js";
import { once } from "../../shared/once.js";
import { enrolledPeople, fetchMedia, likenessAnalyser } from "../../shared/scanning/services.js";
import { AnalysisTaskInput } from "./task-input.js";

const runner = once(
  () =>
    new AnalysisRunner({
      store: analysisStore(),
      uploads: analysisUploads(),
      fetchMedia,
      analyser: likenessAnalyser(),
      enrolledPeople,
      now: () => new Date(),
    }),
);

/**
 * Run: one analysis asked for through the API, fetched (or read from its upload) and analysed as a
 * scan's media is. A file not yet uploaded is thrown as UploadNotArrived, which the workflow retries.
 */
export const handler = observed(async (event: unknown) => {
  const { accountId, analysisId } = AnalysisTaskInput.parse(event);
  return { accountId, analysisId, ...(await runner().run(accountId, analysisId)) };
});
