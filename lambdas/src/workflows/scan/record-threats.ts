import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning-services.js";

/** An analysed item: a key to its kept candidates, none found, inline candidates (older runs), or a failure. */
const Outcome = z.object({
  kept: z.string().optional(),
  url: z.string().optional(),
  candidates: z.union([z.array(z.any()), z.literal(0)]).default([]),
  failed: z.boolean().optional(),
});
const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  platform: z.object({ platformId: z.string() }).passthrough(),
  analyses: z.array(Outcome).default([]),
});

/** RecordThreats: idempotent writes, so re-running a platform never duplicates a threat. */
export const handler = observed(async (event: unknown) => {
  const { userId, scanId, platform, analyses } = Input.parse(event);
  const outcomes = analyses
    .filter((a) => !a.failed)
    .map((a) =>
      a.kept ? { kept: a.kept } : { url: a.url ?? "", candidates: Array.isArray(a.candidates) ? a.candidates : [] },
    );
  const result = await scanService().record({ userId, scanId, platformId: platform.platformId, outcomes });
  return { platformId: platform.platformId, ...result, failedItems: analyses.filter((a) => a.failed).length };
});
