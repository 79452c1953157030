import { logger, observed } from "../shared/observability.js";
import { takedownTracker } from "../shared/takedown-services.js";

/** Hourly: re-checks sent notices that are due, records removals and tells people about deadlines. */
export const handler = observed(async () => {
  const run = await takedownTracker().runDue();
  logger.info("Takedowns tracked", { ...run });
  return run;
});
