import { accountStore } from "../../shared/accounts/services.js";
import { requireActor } from "../../shared/http/actor.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** GET /api/team/me: which account the signed-in person works on, and in which role (their own: owner). */
export const myTeam: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  if (actor.accountId === actor.userId) return json(200, { accountId: actor.accountId, role: "owner", own: true });
  const owner = await accountStore().getProfile(actor.accountId);
  return json(200, {
    accountId: actor.accountId,
    role: actor.role,
    own: false,
    ...(owner?.email ? { ownerEmail: owner.email } : {}),
  });
};
