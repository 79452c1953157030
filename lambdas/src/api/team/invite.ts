import { InviteMemberBody } from "@lg/domain/team/web-requests";
import { teamService } from "../../shared/accounts/services.js";
import { auditActor, requireActor } from "../../shared/http/actor.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** POST /api/team/invitations: emails an invitation to join the account's team in a role. */
export const invite: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const { email, role } = parseJson(event, InviteMemberBody);
  return json(201, await teamService().invite(actor.accountId, await auditActor(actor), email, role));
};
