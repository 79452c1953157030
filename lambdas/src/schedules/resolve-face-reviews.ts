import { faceReviews } from "../shared/enrolment/services.js";
import { logger, observed } from "../shared/observability.js";

/**
 * Every hour: reviews of a face past their deadline are resolved. Whoever passed the live check
 * again keeps the verification, whoever did not loses it, and each is told.
 */
export const handler = observed(async () => {
  const run = await faceReviews().resolveDue((reviewId, error) =>
    logger.error("Resolving a face review failed; the next run retries", { reviewId, error }),
  );
  logger.info("Face reviews resolved", { ...run });
  return run;
});
