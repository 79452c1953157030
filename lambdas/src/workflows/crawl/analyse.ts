import { z } from "zod";
import { crawlService } from "../../shared/crawl/services.js";
import { logger, observed } from "../../shared/observability.js";

const Item = z.object({
  platformId: z.string().min(1),
  ref: z.object({ sourceId: z.string(), id: z.string(), url: z.string() }),
  url: z.string(),
});

/** One batch of a crawl manifest, as the Distributed Map's ItemBatcher hands it to a child workflow. */
const Input = z.object({
  Items: z.array(Item).min(1),
  BatchInput: z.object({ crawlId: z.string().min(1), lookBackFor: z.string().min(1).optional() }),
});

/**
 * AnalyseBatch: each item fetched and analysed once against the gallery; each matched account's
 * candidates kept under a key for RecordBatch. A failing item is counted and logged; the batch goes on,
 * and stops beginning items when the invocation is about to time out (the next crawl reads the rest).
 */
export const handler = observed(async (event: unknown, context) => {
  const { Items, BatchInput } = Input.parse(event);
  const timeLeft = () => context.getRemainingTimeInMillis();
  const { errors, ...batch } = await crawlService().analyseBatch({ ...BatchInput, items: Items, timeLeft });
  if (errors.length > 0) logger.warn("Crawled items failed", { crawlId: BatchInput.crawlId, errors });
  if (batch.deferred > 0)
    logger.warn("Crawled items left for the next crawl", { crawlId: BatchInput.crawlId, deferred: batch.deferred });
  return { crawlId: BatchInput.crawlId, ...batch };
});
