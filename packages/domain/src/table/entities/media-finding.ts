import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** Leading key of every MediaFinding: the only partition the scan's analyse task may write. */
export const FINDING_PARTITION_PREFIX = "FINDING#";

/** What detection found in one media file during one scan, so identical bytes are analysed once per scan. */
export const MediaFinding = defineEntity({
  name: "MediaFinding",
  description:
    "A scan's detection finding for one media file by content hash, shared by the scan's workers; expires by TTL.",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    mediaSha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The finding as JSON: the full detection result matched media keep as evidence. */
    finding: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  // A partition of its own, so the task that analyses untrusted media may write findings and nothing else
  // (IAM dynamodb:LeadingKeys); account erasure deletes it with the user's partition.
  primary: {
    pk: `${FINDING_PARTITION_PREFIX}{userId}`,
    sk: "SCAN#{scanId}#SHA256#{mediaSha256}",
  },
  ttl: true,
  accessPatterns: ["Reuse a scan's finding for media already analysed on another platform or item (same content hash)"],
});
