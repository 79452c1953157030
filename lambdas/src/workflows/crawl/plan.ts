import { z } from "zod";
import { crawlService } from "../../shared/crawl/services.js";
import { observed } from "../../shared/observability.js";

const Input = z.object({ crawlId: z.string().min(1).max(80) });

/** PlanCrawl: the platforms whose configured sources this crawl reads. */
export const handler = observed(async (event: unknown) => crawlService().plan(Input.parse(event)));
