import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { threatHandover } from "../../shared/scanning/alert-handover.js";
import { publishScanEvents } from "../../shared/scanning/scan-events.js";
import { scanService } from "../../shared/scanning/services.js";

const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  results: z
    .array(z.object({ created: z.array(z.string()).default([]), items: z.number().int().default(0) }).passthrough())
    .optional(),
  error: z.unknown().optional(),
});

/** Finish: the scan's record gets its outcome and counts; the alerts its threats are owed go out in one message. */
export const handler = observed(async (event: unknown) => {
  const input = Input.parse(event);
  const finished = await scanService().finish(input);
  // Erased while it ran: its owed alerts would go to a person who asked to be forgotten.
  if ("erased" in finished) return { status: "erased" };
  const { scan, newThreatIds } = finished;
  const { alerts, autoTakedowns } = await threatHandover().sendOwed(input.userId);
  await publishScanEvents(input.userId, scan, newThreatIds);
  return {
    status: scan.status,
    itemsScanned: scan.itemsScanned,
    threatsFound: scan.threatsFound,
    newThreatIds,
    alerts,
    autoTakedowns,
  };
});
