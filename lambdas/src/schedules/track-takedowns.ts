import { logger, observed } from "../shared/observability.js";
import { takedownTracker } from "../shared/takedowns/services.js";

/**
 * Hourly: re-fetches the content of every open case that is due (TakedownTracker), records each
 * re-check on the notice's timeline, "removed" only when the fetch finds it gone, and tells people
 * about removals and missed deadlines. Cases go on being re-checked until removed or closed.
 */
export const handler = observed(async () => {
  const run = await takedownTracker().runDue();
  logger.info("Takedowns tracked", { ...run });
  return run;
});
