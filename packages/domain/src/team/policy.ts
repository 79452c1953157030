import type { TeamRole } from "../table/entities.js";

/**
 * What each role may do on an account: the one place authorization by role is decided. The API
 * maps every route to one permission (lambdas/src/api/route-permissions.ts) and checks it here.
 */
export const PERMISSIONS = [
  /** Threats, stats, scans, evidence, the profile: reading the account. */
  "account:read",
  /** Marking threats (false positive, dismissed, removed...): triage. */
  "threats:triage",
  /** Starting scans and changing preferences, notifications and privacy settings. */
  "account:configure",
  /** Preparing, sending and recording takedown notices, which go out under the protected person's name. */
  "notices:send",
  /** Checkout, the billing portal. */
  "billing:manage",
  /** Inviting and removing team members, reading and exporting the audit log. */
  "team:manage",
  /** API keys and webhook endpoints, which act for the whole organisation. */
  "integrations:manage",
  /** Protected people, consent and biometrics (each person's own), account export and deletion. */
  "owner:only",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Readonly<Record<TeamRole, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set([
    "account:read",
    "threats:triage",
    "account:configure",
    "notices:send",
    "billing:manage",
    "team:manage",
    "integrations:manage",
  ]),
  // Triage only: no notices under someone's name, no billing, no people, no settings.
  analyst: new Set(["account:read", "threats:triage"]),
};

export function can(role: TeamRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

const REFUSALS: Record<Permission, string> = {
  "account:read": "Your role cannot see this account",
  "threats:triage": "Your role cannot change threats",
  "account:configure": "Only the account's owner or an admin can change its settings and start scans",
  "notices:send":
    "Only the account's owner or an admin can prepare or send takedown notices in the protected person's name",
  "billing:manage": "Only the account's owner or an admin can change the plan or billing",
  "team:manage": "Only the account's owner or an admin can manage the team and its audit log",
  "integrations:manage": "Only the account's owner or an admin can manage API keys and webhooks",
  "owner:only": "Only the account's owner can do this",
};

export const refusalFor = (permission: Permission) => REFUSALS[permission];
