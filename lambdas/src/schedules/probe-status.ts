import { checkHealth } from "../api/system/check-health.js";
import { healthProbes } from "../api/system/service-probes.js";
import { logger, observed } from "../shared/observability.js";
import { statusService } from "../shared/system/services.js";

/**
 * Every 5 minutes: the same checks as GET /api/health, recorded per component a person relies on,
 * so the status page's uptime and incidents are measured, never claimed.
 */
export const handler = observed(async () => {
  const report = await checkHealth(healthProbes());
  const run = await statusService().record(report.services);
  // By service as well as by component: a service no component needs (the webhook queues) would
  // otherwise fail unseen.
  const failingServices = report.services.filter((s) => !s.ok);
  logger.info("Status probed", {
    failing: run.results.filter((r) => !r.ok).map((r) => r.component),
    failingServices: failingServices.map(({ name, error }) => ({ name, error })),
  });
  return { at: run.at, ok: run.results.every((r) => r.ok), failingServices: failingServices.map((s) => s.name) };
});
