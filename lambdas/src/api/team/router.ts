import { createRouteGroup } from "../../shared/http/route-group.js";
import { readAuditLog } from "./audit-log.js";
import { invite } from "./invite.js";
import { joinTeam } from "./join.js";
import { myTeam } from "./my-team.js";
import { removeMember, revokeInvitation } from "./remove.js";
import { teamView } from "./team-view.js";

export const handler = createRouteGroup("team", {
  "GET /api/team": teamView,
  "GET /api/team/me": myTeam,
  "POST /api/team/invitations": invite,
  "DELETE /api/team/invitations/{id}": revokeInvitation,
  "DELETE /api/team/members/{id}": removeMember,
  "POST /api/team/join": joinTeam,
  "GET /api/audit-log": readAuditLog,
});
