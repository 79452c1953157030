import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { itemManifests } from "../../shared/scan-work/services.js";
import { scanService } from "../../shared/scanning/services.js";

const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  platform: z.object({ platformId: z.string().min(1), maxItems: z.number().int().positive() }),
});

/**
 * Discover: candidate posts and look-alike profiles on one platform, searched for with the names the
 * profile holds, written to the platform's manifest for the batched analysis (AnalyseItems reads it).
 * The workflow's state carries only where the manifest lies: execution history outlives the
 * person's erasure, the manifest expires within a day.
 */
export const handler = observed(async (event: unknown) => {
  const { userId, scanId, platform } = Input.parse(event);
  const { manifest, itemCount } = await scanService().discoverToManifest(
    { userId, scanId, ...platform },
    itemManifests(),
  );
  return { userId, scanId, platform, manifest, itemCount };
});
