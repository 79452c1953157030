import { z } from "zod";
import { crawlService } from "../../shared/crawl-services.js";
import { observed } from "../../shared/observability.js";

const Input = z.object({
  crawlId: z.string().min(1),
  platformId: z.string().min(1),
  maxItems: z.number().int().positive(),
});

/**
 * DiscoverShared: one platform's configured sources read in full, the items no earlier crawl read
 * written to a manifest for the batched analysis. The workflow carries where it lies, not the items.
 */
export const handler = observed(async (event: unknown) => crawlService().discover(Input.parse(event)));
