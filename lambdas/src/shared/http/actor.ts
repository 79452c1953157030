import type { TeamRole } from "@lg/domain/table/entities";
import type { Actor } from "@lg/domain/team/audit-log";
import { can, type Permission, refusalFor } from "@lg/domain/team/policy";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { accountStore, authService, teamStore } from "../accounts/services.js";
import { forbidden, unauthorized } from "./http-errors.js";
import { sessionToken } from "./session-token.js";

/** Who is asking, and for which account: their own (owner), or the team's they joined (admin, analyst). */
export interface RequestActor {
  userId: string;
  accountId: string;
  role: TeamRole;
}

const resolved = new WeakMap<APIGatewayProxyEventV2, Promise<RequestActor | null>>();

/** Resolved once per request (the route guard and the handler share it). */
export function actorOf(event: APIGatewayProxyEventV2): Promise<RequestActor | null> {
  let actor = resolved.get(event);
  if (!actor) {
    actor = (async () => {
      const userId = await authService().userIdFor(sessionToken(event));
      if (!userId) return null;
      const membership = await teamStore().membershipOf(userId);
      return membership
        ? { userId, accountId: membership.accountId, role: membership.role }
        : { userId, accountId: userId, role: "owner" as const };
    })();
    resolved.set(event, actor);
  }
  return actor;
}

export async function requireActor(event: APIGatewayProxyEventV2): Promise<RequestActor> {
  const actor = await actorOf(event);
  if (!actor) throw unauthorized();
  return actor;
}

/** Routes that act on the signed-in person themself (accepting an invitation, public routes), whatever team they are on. */
const ownIdentity = new WeakSet<APIGatewayProxyEventV2>();

/**
 * The route guard's check (lambdas/src/api/route-permissions.ts names each route's permission):
 * 401 without a session, 403 with the reason when the role does not allow it.
 */
export async function authorize(event: APIGatewayProxyEventV2, rule: Permission | "public" | "signed-in") {
  // A route open to anyone (the demo's profile setup also serves the signed-in) never acts on a team's
  // account: a signed-in caller there is only ever themself.
  if (rule === "public" || rule === "signed-in") ownIdentity.add(event);
  if (rule === "public") return;
  const actor = await requireActor(event);
  if (rule === "signed-in") return;
  if (!can(actor.role, rule)) throw forbidden(refusalFor(rule));
}

/** The account the request acts on; for a route about the person themself, their own id. */
export async function accountIdFor(event: APIGatewayProxyEventV2): Promise<string> {
  const actor = await requireActor(event);
  return ownIdentity.has(event) ? actor.userId : actor.accountId;
}

/** The actor as the audit log names them: their id and the address they signed in with. */
export async function auditActor(actor: RequestActor): Promise<Actor> {
  const profile = await accountStore().getProfile(actor.userId);
  const label = profile?.email ?? profile?.phone;
  return { userId: actor.userId, ...(label ? { label } : {}) };
}
