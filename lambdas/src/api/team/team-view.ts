import { accountStore, teamService } from "../../shared/accounts/services.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/** GET /api/team: the owner, members with their roles, and open invitations. */
export const teamView: ApiHandler = async (event) => {
  const accountId = await requireUserId(event);
  const owner = await accountStore().getProfile(accountId);
  return json(200, await teamService().view(accountId, owner?.email ? { email: owner.email } : {}));
};
