import { can, type Permission } from "@lg/domain/team/policy";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../auth/use-auth";
import { myTeamQuery } from "./team-api";

/**
 * Whether the signed-in person's role on the account they work on allows `permission` (the API's own
 * policy, team/policy.ts), so a control they may not use is not offered only to fail after the click
 * (issue 36 item 13). Until the role is known the control shows: the API still refuses what the role
 * may not do, and most people work on their own account.
 */
export function useMay(permission: Permission): boolean {
  const auth = useAuth();
  const me = useQuery(myTeamQuery(auth.isAuthenticated));
  return !me.data || can(me.data.role, permission);
}
