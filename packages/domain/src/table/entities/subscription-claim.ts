import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/**
 * Which subscription a completed checkout made the account's, claimed by one conditional put: of
 * two checkouts paid at once, one is kept and the other is cancelled before it charges again.
 */
export const SubscriptionClaim = defineEntity({
  name: "SubscriptionClaim",
  description:
    "The subscription a completed checkout claimed for the account (conditional put): a second checkout completed while it is live is cancelled, not applied.",
  schema: z.object({
    userId: z.string().min(1),
    subscriptionId: z.string().min(1),
    claimedAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "SUBSCRIPTIONCLAIM" },
  accessPatterns: ["Complete one checkout per account while its subscription lives (conditional put)"],
});
