import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** One group of threats (same media, or one posting account): counts kept as members are written. */
export const ThreatGroup = defineEntity({
  name: "ThreatGroup",
  description:
    "A group of one account's threats (the same media found as several threats, or everything one account posted), with member counts per status maintained on every threat write.",
  schema: z.object({
    userId: z.string().min(1),
    kind: z.enum(["media", "account"]),
    key: z.string().min(1),
    label: z.string().optional(),
    platform: z.string().optional(),
    /** The label, normalised for substring search. */
    searchText: z.string().optional(),
    count: z.number().int().default(0),
    n_active: z.number().int().default(0),
    n_false_positive: z.number().int().default(0),
    n_dismissed: z.number().int().default(0),
    n_takedown_requested: z.number().int().default(0),
    n_removed: z.number().int().default(0),
    latestAt: isoDate,
    latestThreatId: z.string(),
  }),
  primary: { pk: "USER#{userId}", sk: "TGROUP#{kind}#{key}" },
  indexes: { gsi2: { pk: "USER#{userId}#TGROUPS#{kind}", sk: "{latestAt}#{key}" } },
  accessPatterns: [
    "List an account's groups of one kind, latest activity first, with counts; a status filter reads the counts (gsi2)",
  ],
});
