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
  primary: { pk: "USER#{userId}", sk: "ALERT#{alertId}" },
  indexes: {
    gsi2: { pk: "ALERT#QUEUED", sk: "{createdAt}#{userId}" },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: { gsi2: (a) => a.status === "queued" },
  accessPatterns: ["List alerts of a user", "Collect queued alerts for daily/weekly digests (gsi2)"],
});
