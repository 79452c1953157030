import { queryOptions } from "@tanstack/react-query";

export interface TeamView {
  accountId: string;
  members: { userId: string; role: "owner" | "admin" | "analyst"; email?: string; joinedAt?: string }[];
  invitations: { id: string; email: string; role: "admin" | "analyst"; createdAt: string; expiresAt: string }[];
}

export interface AuditEntry {
  entryId: string;
  at: string;
  actorUserId: string;
  actorLabel?: string;
  action: string;
  subject?: string;
  details: Record<string, string>;
}

/** GET /api/team/me: the account the signed-in person works on and their role there. */
export interface MyTeam {
  accountId: string;
  role: "owner" | "admin" | "analyst";
  own: boolean;
  ownerEmail?: string;
}

export const TEAM_KEY = ["/api/team"] as const;
export const myTeamQuery = (enabled: boolean) =>
  queryOptions<MyTeam>({ queryKey: ["/api/team/me"], enabled, retry: false });
export const AUDIT_KEY = ["/api/audit-log"] as const;
export const teamQuery = (enabled: boolean) => queryOptions<TeamView>({ queryKey: TEAM_KEY, enabled, retry: false });
export const auditQuery = (enabled: boolean) =>
  queryOptions<{ entries: AuditEntry[] }>({ queryKey: AUDIT_KEY, enabled, retry: false });

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
