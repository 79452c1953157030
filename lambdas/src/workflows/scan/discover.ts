import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning-services.js";

const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  platform: z.object({ platformId: z.string().min(1), maxItems: z.number().int().positive() }),
});

/**
 * Discover: candidate posts and look-alike profiles on one platform, searched for with the names the
 * profile holds. Items leave without the protected name a profile imitates: execution history
 * outlives the person's erasure, so Analyse reads it again.
 */
export const handler = observed(async (event: unknown) => {
  const { userId, scanId, platform } = Input.parse(event);
  const { items } = await scanService().discover({ userId, scanId, ...platform });
  return {
    userId,
    scanId,
    platform,
    items: items.map(({ userId: _u, scanId: _s, nameMatch: _n, ...item }) => item),
  };
});
