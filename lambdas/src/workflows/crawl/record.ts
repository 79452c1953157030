import { z } from "zod";
import { crawlService } from "../../shared/crawl/services.js";
import { observed } from "../../shared/observability.js";

const Input = z.object({
  crawlId: z.string().min(1),
  matches: z.array(z.object({ userId: z.string().min(1), kept: z.string().regex(/^[0-9a-f]{64}$/) })),
});

/** RecordBatch: each matched account's threats from the batch, each owing its alert. */
export const handler = observed(async (event: unknown) => crawlService().recordBatch(Input.parse(event)));
