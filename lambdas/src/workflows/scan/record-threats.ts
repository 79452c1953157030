import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning/services.js";

/** An analysed item: a key to its kept candidates, none found, inline candidates (older runs), or a failure. */
const Outcome = z.object({
  kept: z.string().optional(),
  url: z.string().optional(),
  candidates: z.union([z.array(z.any()), z.literal(0)]).default([]),
  failed: z.boolean().optional(),
});
/** A batch's child workflow output: its items' outcomes, or the whole batch failed (its items counted). */
const Batch = z.union([
  z.object({ outcomes: z.array(Outcome) }),
  z.object({ failed: z.literal(true), failedItems: z.number().int().nonnegative() }),
]);
const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  platform: z.object({ platformId: z.string() }).passthrough(),
  // The Distributed Map's result: one entry per child workflow, in manifest order.
  batches: z.array(Batch).default([]),
});

/** RecordThreats: idempotent writes, so re-running a platform never duplicates a threat. */
export const handler = observed(async (event: unknown) => {
  const { userId, scanId, platform, batches } = Input.parse(event);
  const analyses = batches.flatMap((b) => ("outcomes" in b ? b.outcomes : []));
  const failedBatchItems = batches.reduce((n, b) => n + ("failedItems" in b ? b.failedItems : 0), 0);
  const outcomes = analyses
    .filter((a) => !a.failed)
    .map((a) =>
      a.kept ? { kept: a.kept } : { url: a.url ?? "", candidates: Array.isArray(a.candidates) ? a.candidates : [] },
    );
  const result = await scanService().record({ userId, scanId, platformId: platform.platformId, outcomes });
  const failedItems = analyses.filter((a) => a.failed).length + failedBatchItems;
  return { platformId: platform.platformId, ...result, failedItems };
});
