import { scanIdForExecution } from "@lg/domain/scanning/scan-starter";
import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning/services.js";

const Input = z.object({
  request: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1).optional(),
    trigger: z.enum(["schedule", "force"]).default("schedule"),
  }),
  // From the context object: which execution this is, so a scheduled scan's id is its execution's.
  executionArn: z.string().min(1),
  startedAt: z.string().min(1),
});

/** LoadPlatforms: takes the person's one running-scan slot, then the enabled platforms the tier allows. */
export const handler = observed(async (event: unknown) => {
  const { request, executionArn, startedAt } = Input.parse(event);
  const scanId = request.scanId ?? scanIdForExecution(startedAt, executionArn);
  const plan = await scanService().plan({ ...request, scanId, executionArn });
  return {
    userId: plan.userId,
    scanId: plan.scanId,
    ...(plan.skipped ? { skipped: plan.skipped } : {}),
    // Ids and a bound only: what to search for is read inside Discover, never kept in execution history.
    platforms: plan.platforms.map(({ platformId, maxItems }) => ({ platformId, maxItems })),
  };
});
