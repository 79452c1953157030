import { z } from "zod";
import { entityId } from "../entity-id.js";

/**
 * What the web app sends to the team routes, written once: the handlers validate with these (same
 * messages) and the web app types the bodies it sends from them (docs/architecture.md, "The web contract").
 */

/** POST /api/team/invitations */
export const InviteMemberBody = z.object({
  email: z
    .string({ error: "Enter an email address" })
    .trim()
    .max(254, "Email address is too long")
    .email("Enter a valid email address"),
  role: z.enum(["admin", "analyst"], { error: "Choose a role: admin or analyst" }),
});

/** POST /api/team/join: the invitation link's account and token. */
export const JoinTeamBody = z.object({
  account: entityId("The account"),
  token: z
    .string({ error: "The invitation link is incomplete" })
    .min(16, "The invitation link is not valid")
    .max(128, "The invitation link is not valid"),
});

export type InviteMemberRequest = z.input<typeof InviteMemberBody>;
export type JoinTeamRequest = z.input<typeof JoinTeamBody>;
