import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** A browser's Web Push subscription: where to send the user's push alerts, and the keys to encrypt them. */
export const PushSubscription = defineEntity({
  name: "PushSubscription",
  description: "A Web Push subscription of one of the user's browsers (RFC 8030 endpoint, RFC 8291 keys).",
  schema: z.object({
    userId: z.string().min(1),
    /** Derived from the endpoint, so subscribing the same browser again replaces rather than duplicates. */
    subscriptionId: z.string().min(1),
    endpoint: z.string().url(),
    keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
    createdAt: isoDate,
    lastDeliveredAt: isoDate.optional(),
  }),
  primary: { pk: "USER#{userId}", sk: "PUSHSUB#{subscriptionId}" },
  accessPatterns: [
    "List a user's push subscriptions to deliver a push alert",
    "Delete one subscription (unsubscribe, or the push service answered 404/410)",
  ],
});
