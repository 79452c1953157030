import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

/** A person under protection: the account holder themself, or (enterprise) an executive. */
export const ProtectedPerson = defineEntity({
  name: "ProtectedPerson",
  description:
    "A protected identity belonging to an account (tier limits the count): an invited person, their invitation (its token stored as SHA-256 only) and, once accepted, their own user id (docs/people.md).",
  schema: z.object({
    userId: z.string().min(1),
    personId: z.string().min(1),
    displayName: z.string(),
    aliases: z.array(z.string()).default([]),
    handles: z.array(z.string()).default([]),
    createdAt: isoDate,
    /** Where the invitation went (email address or E.164 phone number). */
    contact: z.object({ channel: z.enum(["email", "sms"]), address: z.string() }).optional(),
    invitedBy: z.string().optional(),
    invitationTokenHash: z.string().optional(),
    invitationExpiresAt: isoDate.optional(),
    /** The invitee's own user, whose consent and samples (in their partition) the account's scans use. */
    memberUserId: z.string().optional(),
    acceptedAt: isoDate.optional(),
    withdrawnAt: isoDate.optional(),
  }),
  primary: { pk: "USER#{userId}", sk: "PERSON#{personId}" },
  accessPatterns: [
    "List protected people of an account for a scan",
    "Accept an invitation by the account and person ids its token names (conditional update, single use)",
  ],
});
