import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** One thing that identifies a threat's poster: how a scan finds the group an account on another platform is in. */
export const ThreatPosterKey = defineEntity({
  name: "ThreatPosterKey",
  description:
    "One key of a threat's poster (threats/poster-keys.ts): its handle on its platform, an external link in its bio, or its handle's skeleton with its avatar's SHA-256, naming the account group the threat was put in. A later threat whose poster shares a key joins that group, so one impersonator's accounts on several platforms are one group.",
  schema: z.object({
    userId: z.string().min(1),
    key: z.string().min(1),
    threatId: z.string().min(1),
    accountGroup: z.string().min(1),
    createdAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "POSTER#{key}#{threatId}" },
  accessPatterns: [
    "Find the account groups of stored threats sharing a key with a new finding's poster: one query per key (begins_with `POSTER#<key>#`); the oldest threat's group wins",
  ],
  notes: [
    "Written before their threat, like ThreatHashBand; a key whose threat was never written names a group nobody is in yet, which the next threat of that poster fills. Threats recorded before these keys existed stay in their own poster's group.",
  ],
});
