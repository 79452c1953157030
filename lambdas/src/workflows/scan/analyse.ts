import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning-services.js";

const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  item: z.object({
    platformId: z.string().min(1),
    kind: z.enum(["post", "profile"]),
    ref: z.object({ sourceId: z.string(), id: z.string(), url: z.string() }),
    url: z.string(),
    handle: z.string().optional(),
    nameMatch: z.string().optional(),
  }),
});

/**
 * Analyse: one item's media through the detection engine; matches leave evidence behind, and the
 * threat candidates (which name the person) are kept for RecordThreats, which gets only their key.
 */
export const handler = observed(async (event: unknown) => {
  const { userId, scanId, item } = Input.parse(event);
  return scanService().analyseAndHandOn({ userId, scanId, ...item });
});
