import { auditActor, requireActor } from "../../shared/actor.js";
import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { teamService } from "../../shared/team-services.js";
import { InviteMemberBody } from "./requests.js";

/** POST /api/team/invitations: emails an invitation to join the account's team in a role. */
export const invite: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const { email, role } = parseJson(event, InviteMemberBody);
  return json(201, await teamService().invite(actor.accountId, await auditActor(actor), email, role));
};
