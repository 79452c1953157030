import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** The crawl's locators' partitions: the only table writes the crawl's media analysis makes besides findings. */
export const CRAWLED_PARTITION_PREFIX = "CRAWLED#";

/**
 * What the shared crawl keeps of an item it read (crawl/crawl-service.ts): where it is and the hashes
 * of its media, never a face, voice or embedding. It makes a later crawl skip the item (analysed once)
 * and lets a person who enrols later be matched against the last 30 days by fetching them again.
 */
export const CrawledItem = defineEntity({
  name: "CrawledItem",
  description:
    "A locator of an item the shared crawl read (platform, reference, URL, post time, media URLs and SHA-256): no biometrics; expires by TTL after 30 days.",
  schema: z.object({
    /** SHA-256 of the platform and the item's URL. */
    itemKey: z.string().regex(/^[0-9a-f]{64}$/),
    platformId: z.string().min(1),
    ref: z.object({ sourceId: z.string(), id: z.string(), url: z.string() }),
    url: z.string(),
    postedAt: z.string(),
    crawledAt: isoDate,
    /** The day it was read (YYYY-MM-DD), the look-back's partition. */
    crawledOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    media: z.array(z.object({ url: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
    expiresAt: epochSeconds,
  }),
  primary: { pk: `${CRAWLED_PARTITION_PREFIX}{itemKey}`, sk: "LOCATOR" },
  indexes: {
    gsi1: { pk: `${CRAWLED_PARTITION_PREFIX}DAY#{crawledOn}`, sk: "{crawledAt}#{itemKey}" },
  },
  ttl: true,
  accessPatterns: [
    "Tell which discovered items an earlier crawl read (batch get by item key)",
    "List the items read on one day, oldest first, for a newcomer's look-back (gsi1)",
  ],
});
