import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/**
 * That the crawl looked back for a newcomer: keyed by a hash of the account id, holding nothing else,
 * and gone by TTL once the look-back window has passed (a person enrolled longer ago is no newcomer).
 */
export const CrawlLookBack = defineEntity({
  name: "CrawlLookBack",
  description:
    "A newcomer's look-back done (crawl/crawl-service.ts): the SHA-256 of the account id and when; no id, no biometrics; expires by TTL after 31 days.",
  schema: z.object({
    accountHash: z.string().regex(/^[0-9a-f]{64}$/),
    lookedBackAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: "CRAWLED#LOOKBACK#{accountHash}", sk: "LOOKBACK" },
  ttl: true,
  accessPatterns: ["Tell which newcomers the crawl already looked back for (batch get by account hash)"],
});
