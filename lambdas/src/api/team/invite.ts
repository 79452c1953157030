import { z } from "zod";
import { auditActor, requireActor } from "../../shared/actor.js";
import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { teamService } from "../../shared/team-services.js";

const InviteBody = z.object({
  email: z
    .string({ error: "Enter an email address" })
    .trim()
    .max(254, "Email address is too long")
    .email("Enter a valid email address"),
  role: z.enum(["admin", "analyst"], { error: "Choose a role: admin or analyst" }),
});

/** POST /api/team/invitations: emails an invitation to join the account's team in a role. */
export const invite: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const { email, role } = parseJson(event, InviteBody);
  return json(201, await teamService().invite(actor.accountId, await auditActor(actor), email, role));
};
