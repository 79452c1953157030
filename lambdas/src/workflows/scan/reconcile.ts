import { z } from "zod";
import { logger, observed } from "../../shared/observability.js";
import { scanReconciler } from "../../shared/scanning/alert-handover.js";

/** Step Functions' "Execution Status Change" event (EventBridge in AWS, the local stand-in locally). */
const StatusChange = z.object({
  "detail-type": z.literal("Step Functions Execution Status Change"),
  detail: z.object({
    executionArn: z.string().min(1),
    status: z.enum(["FAILED", "TIMED_OUT", "ABORTED"]),
    startDate: z.number(),
    stopDate: z.number().nullish(),
    input: z.string(),
  }),
});
const ScanInput = z.object({ userId: z.string().min(1).max(200), scanId: z.string().min(1).max(200).optional() });

/** Reconcile: a scan execution that ended without Finish stops "running", frees the slot and sends owed alerts. */
export const handler = observed(async (event: unknown) => {
  const { detail } = StatusChange.parse(event);
  const parsed = ScanInput.safeParse(JSON.parse(detail.input));
  // An execution started without a person names no scan to settle; retrying would not change that.
  if (!parsed.success) return { skipped: "the execution's input names no person" };
  const input = parsed.data;
  const result = await scanReconciler().reconcile({
    executionArn: detail.executionArn,
    status: detail.status,
    startDate: detail.startDate,
    ...(detail.stopDate ? { stopDate: detail.stopDate } : {}),
    input,
  });
  logger.info("Scan reconciled", { executionStatus: detail.status, ...result });
  return result;
});
