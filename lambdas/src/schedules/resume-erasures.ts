import { erasureService } from "../shared/erasure/services.js";
import { logger, observed } from "../shared/observability.js";

/**
 * Every 15 minutes, after each deploy and at each local start: account erasures a crash or a
 * timeout cut short are finished from their tombstones, sign-in account included.
 */
export const handler = observed(async () => {
  const run = await erasureService().resumeUnfinished((userId, error) =>
    logger.error("Resuming an interrupted erasure failed; the next run retries", { userId, error }),
  );
  logger.info("Interrupted erasures resumed", { ...run });
  return run;
});
