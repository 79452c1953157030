import { z } from "zod";
import { crawlService } from "../../shared/crawl/services.js";
import { observed } from "../../shared/observability.js";

const Platform = z.object({
  crawlId: z.string().min(1),
  platformId: z.string().min(1),
  maxItems: z.number().int().positive(),
});
const LookBack = z.object({
  crawlId: z.string().min(1),
  lookBackFor: z.string().min(1),
  enrolledAt: z.string().datetime(),
});

/**
 * DiscoverShared: one platform's configured sources read in full, the items no earlier crawl read
 * written to a manifest for the batched analysis. DiscoverLookBack: what the crawl read before a
 * newcomer enrolled, for their look-back. The workflow carries where a manifest lies, not the items.
 */
export const handler = observed(async (event: unknown) => {
  const lookBack = LookBack.safeParse(event);
  if (lookBack.success) return crawlService().discoverLookBack(lookBack.data);
  return crawlService().discover(Platform.parse(event));
});
