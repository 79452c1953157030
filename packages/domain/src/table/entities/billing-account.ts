import { z } from "zod";
import { defineEntity } from "../entity.js";
import { epochSeconds, isoDate } from "./attributes.js";
import { MembershipTier } from "./user-profile.js";

/** The account's subscription as the billing provider last reported it: the one source of its tier. */
export const BillingAccount = defineEntity({
  name: "BillingAccount",
  description:
    "An account's subscription as the billing provider's signed webhooks reported it: paid tier, status, period end and a lowering waiting for the period's end.",
  schema: z.object({
    userId: z.string().min(1),
    customerId: z.string().optional(),
    subscriptionId: z.string().optional(),
    /** The tier the subscription pays for now (a pending downgrade is in pendingTier). */
    tier: MembershipTier.optional(),
    status: z.enum([
      "none",
      "trialing",
      "active",
      "past_due",
      "unpaid",
      "canceled",
      "incomplete",
      "incomplete_expired",
    ]),
    currentPeriodEnd: isoDate.optional(),
    trialEnd: isoDate.optional(),
    cancelAtPeriodEnd: z.boolean().default(false),
    /** The tier that takes effect at pendingFrom (a downgrade, or the base tier on cancellation). */
    pendingTier: MembershipTier.optional(),
    pendingFrom: isoDate.optional(),
    /**
     * Protected people the subscription pays for, when its price is per person (Enterprise bought
     * through checkout); absent for a contract arranged with sales, whose terms set the number.
     */
    protectedPeople: z.number().int().positive().optional(),
    /** A trial is given once per account. */
    trialUsed: z.boolean().default(false),
    /** The provider's creation time of the last event applied, so an older event arriving late changes nothing. */
    lastEventAt: epochSeconds.optional(),
    updatedAt: isoDate,
  }),
  primary: { pk: "USER#{userId}", sk: "BILLING" },
  indexes: {
    // Sparse: only accounts with a lowering due, ordered by when; the hourly job applies those past due.
    gsi2: {
      pk: "BILLING#PENDING",
      sk: "{pendingFrom}#{userId}",
    },
  },
  // Sparse: an item is in the index only while this holds.
  sparse: { gsi2: (b) => Boolean(b.pendingFrom) },
  accessPatterns: [
    "Read an account's tier at every profile read (check-at-read of a due downgrade)",
    "Find accounts whose downgrade or cancellation is due (gsi2)",
  ],
});
