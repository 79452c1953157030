import { z } from "zod";
import { observed } from "../../shared/observability.js";
import { scanService } from "../../shared/scanning-services.js";

const Input = z.object({
  userId: z.string().min(1),
  scanId: z.string().min(1),
  platform: z.object({
    platformId: z.string().min(1),
    maxItems: z.number().int().positive(),
    query: z.object({
      names: z.array(z.string()),
      aliases: z.array(z.string()),
      handles: z.array(z.string()),
      watchedAccounts: z.array(z.string()),
      hashtags: z.array(z.string()),
    }),
  }),
});

/** Discover: candidate posts and look-alike profiles on one platform. */
export const handler = observed(async (event: unknown) => {
  const { userId, scanId, platform } = Input.parse(event);
  const { items } = await scanService().discover({ userId, scanId, ...platform });
  return { userId, scanId, platform, items: items.map(({ userId: _u, scanId: _s, ...item }) => item) };
});
