import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** One scan run of one user. */
export const Scan = defineEntity({
  name: "Scan",
  description: "A scan execution: trigger, progress counters and outcome.",
  schema: z.object({
    userId: z.string().min(1),
    scanId: z.string().min(1),
    trigger: z.enum(["schedule", "force"]),
    status: z.enum(["running", "succeeded", "failed"]),
    executionArn: z.string().optional(),
    platforms: z.array(z.string()).default([]),
    itemsScanned: z.number().int().default(0),
    threatsFound: z.number().int().default(0),
    /**
     * What each platform's recording found, written as it finishes (keyed by platform, so a retried
     * recording overwrites its own entry): the live progress of a running scan.
     */
    platformProgress: z
      .record(z.string(), z.object({ items: z.number().int(), threats: z.number().int() }))
      .default({}),
    /** A stored face this scan did not search for, and why, said in its outcome (scanning/not-searched.ts). */
    notSearched: z.object({ face: z.string().optional() }).optional(),
    startedAt: isoDate,
    finishedAt: isoDate.optional(),
  }),
  primary: { pk: "USER#{userId}", sk: "SCAN#{scanId}" },
  accessPatterns: ["Show the latest scan and its progress", "Count sites scanned for stats"],
});
