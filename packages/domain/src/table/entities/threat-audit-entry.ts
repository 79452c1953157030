import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** An append-only record of a threat's status changes. */
export const ThreatAuditEntry = defineEntity({
  name: "ThreatAuditEntry",
  description: "Audit trail entry for a threat: who changed what, when.",
  schema: z.object({
    userId: z.string().min(1),
    threatId: z.string().min(1),
    at: isoDate,
    /** The person's user id, or "scanner" / "system". */
    actor: z.string(),
    actorKind: z.enum(["user", "scanner", "system"]).optional(),
    action: z.string(),
    from: z.string().optional(),
    to: z.string().optional(),
    /** Part of a bulk or group action. */
    bulk: z.boolean().optional(),
    /** Keeps two entries of one threat in the same millisecond apart. */
    entryId: z.string().optional(),
  }),
  primary: {
    pk: "USER#{userId}",
    sk: "AUDIT#{threatId}#{at}#{entryId?}",
  },
  accessPatterns: ["Show the audit trail of a threat"],
});
