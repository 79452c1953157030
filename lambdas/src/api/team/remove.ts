import { teamService } from "../../shared/accounts/services.js";
import { auditActor, requireActor } from "../../shared/http/actor.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** DELETE /api/team/members/{id}: the member stops working on the account at their next request. */
export const removeMember: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  await teamService().remove(actor.accountId, await auditActor(actor), event.pathParameters?.id ?? "");
  return json(200, { removed: true });
};

/** DELETE /api/team/invitations/{id}: the link stops working. */
export const revokeInvitation: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  await teamService().revokeInvitation(actor.accountId, event.pathParameters?.id ?? "");
  return json(200, { revoked: true });
};
