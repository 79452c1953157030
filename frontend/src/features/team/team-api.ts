import { AuditLogPage, MyTeam, TeamView } from "@lg/domain/team/web-contract";
import { queryOptions } from "@tanstack/react-query";
import { getChecked } from "../../api/client";

export type { AuditEntry, MyTeam, TeamView } from "@lg/domain/team/web-contract";

export const TEAM_KEY = ["/api/team"] as const;
export const myTeamQuery = (enabled: boolean) =>
  queryOptions({ queryKey: ["/api/team/me"], queryFn: getChecked(MyTeam), enabled, retry: false });
export const AUDIT_KEY = ["/api/audit-log"] as const;
export const teamQuery = (enabled: boolean) =>
  queryOptions({ queryKey: TEAM_KEY, queryFn: getChecked(TeamView), enabled, retry: false });
export const auditQuery = (enabled: boolean) =>
  queryOptions({ queryKey: AUDIT_KEY, queryFn: getChecked(AuditLogPage), enabled, retry: false });

export const ROLE_LABELS = {
  owner: "Owner",
  admin:
    "Admin: settings, scans, takedown notices, billing and the team; not protected people, biometrics, export or deleting the account",
  analyst: "Analyst: sees threats and triages them; sends no notices, changes no billing or people",
} as const;

export const ACTION_LABELS: Record<string, string> = {
  "notice.sent": "Takedown notice sent",
  "notice.filed": "Takedown notice filed",
  "threat.status_changed": "Threat status changed",
  "member.invited": "Member invited",
  "member.joined": "Member joined",
  "member.removed": "Member removed",
  "plan.changed": "Plan changed",
  "push.unsubscribed": "Browser notifications turned off",
  "api_key.created": "API key created",
  "api_key.used": "API key used to change something",
  "api_key.revoked": "API key revoked",
  "webhook.created": "Webhook endpoint added",
  "webhook.updated": "Webhook endpoint changed",
  "webhook.removed": "Webhook endpoint removed",
  "webhook.secret_rotated": "Webhook signing secret rotated",
};
