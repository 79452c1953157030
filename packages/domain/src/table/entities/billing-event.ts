import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";

/** A billing webhook event already applied: the provider retries, and each event counts once. */
export const BillingEvent = defineEntity({
  name: "BillingEvent",
  description:
    "A billing provider's webhook event id, recorded once applied so a redelivery changes nothing; expires by TTL.",
  schema: z.object({
    eventId: z.string().min(1),
    type: z.string(),
    userId: z.string().optional(),
    appliedAt: isoDate,
    expiresAt: epochSeconds,
  }),
  primary: { pk: "BILLINGEVENT#{eventId}", sk: "EVENT" },
  ttl: true,
  accessPatterns: ["Skip a webhook event that was already applied"],
});
