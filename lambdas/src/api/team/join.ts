import { JoinTeamBody } from "@lg/domain/team/web-requests";
import { accountStore, teamService } from "../../shared/accounts/services.js";
import { auditActor, requireActor } from "../../shared/http/actor.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** POST /api/team/join: the signed-in person accepts an invitation sent to their address. */
export const joinTeam: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const { account, token } = parseJson(event, JoinTeamBody);
  const profile = await accountStore().getProfile(actor.userId);
  const who = { ...(await auditActor(actor)), ...(profile?.email ? { email: profile.email } : {}) };
  const member = await teamService().accept(who, account, token);
  return json(200, { accountId: member.accountId, role: member.role });
};
