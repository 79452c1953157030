import { sweepStaleClaims } from "@lg/domain/scanning/threat-handover";
import { logger, observed } from "../shared/observability.js";
import { alertOutbox, threatHandover } from "../shared/scanning/alert-handover.js";

/** Every few minutes: alerts a killed handover claimed and never sent go out now, not at the next scan. */
export const handler = observed(async () => {
  const run = await sweepStaleClaims({ outbox: alertOutbox(), handover: threatHandover(), now: () => new Date() });
  logger.info("Stale alert claims swept", { ...run });
  return run;
});
