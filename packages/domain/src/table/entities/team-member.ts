import { z } from "zod";
import { defineEntity } from "../entity.js";
import { isoDate } from "./attributes.js";

export const TeamRole = z.enum(["owner", "admin", "analyst"]);
export type TeamRole = z.infer<typeof TeamRole>;

/** Someone who works on another person's account: an admin or a triage-only analyst. */
export const TeamMember = defineEntity({
  name: "TeamMember",
  description:
    "A member of an account's team (admin or analyst); the account's owner is the account's own user and has no item.",
  schema: z.object({
    accountId: z.string().min(1),
    userId: z.string().min(1),
    role: z.enum(["admin", "analyst"]),
    email: z.string().optional(),
    invitedBy: z.string(),
    joinedAt: isoDate,
  }),
  primary: { pk: "USER#{accountId}", sk: "MEMBER#{userId}" },
  indexes: { gsi1: { pk: "MEMBER#{userId}", sk: "ACCOUNT#{accountId}" } },
  accessPatterns: ["List an account's team", "Find the account a signed-in member works on (gsi1)"],
});
