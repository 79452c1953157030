import { z } from "zod";
import { entityId } from "../../shared/http/request.js";

export const InviteMemberBody = z.object({
  email: z
    .string({ error: "Enter an email address" })
    .trim()
    .max(254, "Email address is too long")
    .email("Enter a valid email address"),
  role: z.enum(["admin", "analyst"], { error: "Choose a role: admin or analyst" }),
});

export const JoinTeamBody = z.object({
  account: entityId("The account"),
  token: z
    .string({ error: "The invitation link is incomplete" })
    .min(16, "The invitation link is not valid")
    .max(128, "The invitation link is not valid"),
});
