import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** The analysis cache's partitions: shared by every account, so nothing in them names one (below). */
export const ANALYSIS_PARTITION_PREFIX = "ANALYSIS#";

/**
 * The costly person-independent findings of one analysis of one media file (scanning/analysis-cache.ts):
 * the synthetic-media signals and the explicit-content reading, kept by the media's
 * SHA-256 so what several people's searches or the crawl meet is analysed once. Never a face, voice,
 * embedding or match: bystanders' biometrics stay in the analysing invocation (docs/privacy.md).
 */
export const CachedAnalysis = defineEntity({
  name: "CachedAnalysis",
  description:
    "The costly person-independent readings (learned synthetic-media detectors, watermark, voice countermeasures, explicit content) of one media file by SHA-256 and detection engine version: no biometrics, no account; expires by TTL after 30 days.",
  schema: z.object({
    mediaSha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The detection engine's version (weights, fits, code revision) that computed them. */
    engineVersion: z.string().regex(/^[0-9a-z-]{1,64}$/),
    /** The findings as JSON. */
    findings: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  // A partition of its own, so the tasks that analyse untrusted media may write it (IAM LeadingKeys).
  primary: { pk: `${ANALYSIS_PARTITION_PREFIX}{mediaSha256}`, sk: "ENGINE#{engineVersion}" },
  ttl: true,
  accessPatterns: [
    "Reuse the costly detectors' readings of media another person's scan or the crawl already analysed (get by SHA-256 and engine version)",
  ],
  notes: [
    "Shared across accounts: it names no account, person or search, and holds only what the bytes alone determine.",
    "A new engine version (weights, fits, code revision) keys new items: old readings are never reused and expire.",
  ],
});
