import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** The invitee's side of a protection: which account protects them, so they can see and end it. */
export const PersonProtection = defineEntity({
  name: "PersonProtection",
  description:
    "In a protected person's own partition: an account that protects them by invitation, and whether they withdrew.",
  schema: z.object({
    memberUserId: z.string().min(1),
    accountId: z.string().min(1),
    personId: z.string().min(1),
    /** The account's name as the invitation showed it. */
    accountName: z.string(),
    acceptedAt: isoDate,
    withdrawnAt: isoDate.optional(),
  }),
  primary: { pk: "USER#{memberUserId}", sk: "PROTECTEDBY#{accountId}#{personId}" },
  accessPatterns: ["List the accounts that protect a person, to show and withdraw"],
});
