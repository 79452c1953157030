import { billingService } from "../shared/billing/services.js";
import { logger, observed } from "../shared/observability.js";

/**
 * Hourly: downgrades and cancellations whose paid period has ended become final, and the scan
 * schedule slows to what the tier allows (reads already applied the lower tier: check-at-read).
 */
export const handler = observed(async () => {
  const settled = await billingService().settleDue();
  logger.info("Billing periods settled", { settled });
  return { settled };
});
