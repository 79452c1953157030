import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning/services.js";

const Item = z.object({
  platformId: z.string().min(1),
  kind: z.enum(["post", "profile"]),
  ref: z.object({ sourceId: z.string(), id: z.string(), url: z.string() }),
  url: z.string(),
  handle: z.string().optional(),
});

/** One batch of a platform's manifest, as the Distributed Map's ItemBatcher hands it to a child workflow. */
const Input = z.object({
  Items: z.array(Item).min(1),
  BatchInput: z.object({ userId: z.string().min(1), scanId: z.string().min(1) }),
});

/**
 * Analyse: each item's media of one batch through the detection engine; matches leave evidence
 * behind, and the threat candidates (which name the person) are kept for RecordThreats, which gets
 * only their key. A failing item is that item's outcome; the batch goes on.
 */
export const handler = observed(async (event: unknown) => {
  const { Items, BatchInput } = Input.parse(event);
  return { outcomes: await scanService().analyseBatch({ ...BatchInput, items: Items }) };
});
