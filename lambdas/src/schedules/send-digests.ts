import { logger, observed } from "../shared/observability.js";
import { digestService } from "../shared/takedowns/services.js";

/** Daily: sends the daily and (when a week has gathered) weekly digests of queued alerts. */
export const handler = observed(async () => {
  const run = await digestService().sendDue();
  logger.info("Digests sent", { ...run });
  return run;
});
