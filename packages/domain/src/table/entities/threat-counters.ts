import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** The account's threat figures, raised and lowered with every threat write: what stats read. */
export const ThreatCounters = defineEntity({
  name: "ThreatCounters",
  description:
    "One item per account: threats in total, per status and per day of detection, and the active threats' summed confidence, kept by the threat repository's writes; the stats endpoint and the list's total read it instead of the threats.",
  schema: z.object({
    userId: z.string().min(1),
    total: z.number().int().default(0),
    n_active: z.number().int().default(0),
    n_false_positive: z.number().int().default(0),
    n_dismissed: z.number().int().default(0),
    n_takedown_requested: z.number().int().default(0),
    n_removed: z.number().int().default(0),
    /** Sum of the active threats' confidence (protection score: each costs 5 + confidence/10). */
    activeConfidenceSum: z.number().default(0),
    /** Threats detected per UTC day (YYYY-MM-DD). */
    byDay: z.record(z.string(), z.number().int()).default({}),
    /** When the counters were first counted from the stored threats. */
    countedAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "THREATCOUNTERS" },
  accessPatterns: ["Read an account's threat counts for stats and the list's total (one get)"],
});
