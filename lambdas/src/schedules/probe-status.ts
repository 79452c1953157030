import { checkHealth } from "../api/system/check-health.js";
import { healthProbes } from "../api/system/service-probes.js";
import { logger, observed } from "../shared/observability.js";
import { statusService } from "../shared/system/status-service.js";

/**
 * Every 5 minutes: the same checks as GET /api/health, recorded per component a person relies on,
 * so the status page's uptime and incidents are measured, never claimed.
 */
export const handler = observed(async () => {
  const report = await checkHealth(healthProbes());
  const run = await statusService().record(report.services);
  logger.info("Status probed", { failing: run.results.filter((r) => !r.ok).map((r) => r.component) });
  return { at: run.at, ok: run.results.every((r) => r.ok) };
});
