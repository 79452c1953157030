import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** Who did what on an account: notices, threat triage, team and plan changes. */
export const AccountAuditEntry = defineEntity({
  name: "AccountAuditEntry",
  description: "The account's audit log: who (user id and address) did what, to what, when; append-only.",
  schema: z.object({
    accountId: z.string().min(1),
    entryId: z.string().min(1),
    at: isoDate,
    actorUserId: z.string(),
    actorLabel: z.string().optional(),
    action: z.enum([
      "notice.sent",
      "notice.filed",
      "threat.status_changed",
      "member.invited",
      "member.joined",
      "member.removed",
      "plan.changed",
      "person.invited",
      "person.accepted",
      "person.removed",
      "person.withdrew",
      "push.unsubscribed",
      "api_key.created",
      "api_key.used",
      "api_key.revoked",
      "webhook.created",
      "webhook.updated",
      "webhook.removed",
      "webhook.secret_rotated",
    ]),
    subject: z.string().optional(),
    details: z.record(z.string(), z.string()).default({}),
  }),
  primary: { pk: "USER#{accountId}", sk: "ACTIVITY#{at}#{entryId}" },
  accessPatterns: ["Show and export an account's audit log, newest first"],
});
