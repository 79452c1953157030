import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";
import { FINDING_PARTITION_PREFIX } from "./media-finding.js";

/**
 * What analysing one item of a scan found (its threat candidates), kept here rather than in the
 * workflow's state: candidates carry the person's name (titles, the protected name an impersonator
 * imitates), and Step Functions keeps execution history for up to 90 days after the person is erased.
 */
export const ScanItemOutcome = defineEntity({
  name: "ScanItemOutcome",
  description:
    "The threat candidates analysing one item of a scan found, handed to the scan's record step by key instead of through the workflow's state; expires by TTL.",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    /** SHA-256 of the item's URL (and kind), so a retried analysis overwrites its own outcome. */
    itemKey: z.string().regex(/^[0-9a-f]{64}$/),
    /** The item's outcome as JSON: its URL and candidates. */
    outcome: z.string(),
    createdAt: isoDate,
    expiresAt: epochSeconds,
  }),
  // Beside the scan's findings: the task analysing untrusted media may write this partition only.
  primary: {
    pk: `${FINDING_PARTITION_PREFIX}{userId}`,
    sk: "SCAN#{scanId}#ITEM#{itemKey}",
  },
  ttl: true,
  accessPatterns: ["Hand one analysed item's threat candidates to the scan's record step by key"],
});
