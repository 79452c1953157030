import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** An alert delivered (or queued for a digest) to the user. */
export const Alert = defineEntity({
  name: "Alert",
  description: "An alert about a threat, per channel, with delivery state.",
  schema: z.object({
    userId: z.string().min(1),
    alertId: z.string().min(1),
    threatId: z.string().min(1),
    channel: z.enum(["email", "push", "sms"]),
    status: z.enum(["queued", "sent", "failed"]),
    createdAt: isoDate,
    sentAt: isoDate.optional(),
  }),
  primary: { pk: (a) => `USER#${a.userId}`, sk: (a) => `ALERT#${a.alertId}` },
  indexes: {
    gsi2: { pk: (a) => (a.status === "queued" ? "ALERT#QUEUED" : ""), sk: (a) => `${a.createdAt}#${a.userId}` },
  },
  accessPatterns: ["List alerts of a user", "Collect queued alerts for daily/weekly digests (gsi2)"],
});
