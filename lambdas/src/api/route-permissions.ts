import type { Permission } from "@lg/domain/team/policy";

export type RouteRule = Permission | "public" | "signed-in";

/**
 * The permission each route needs (the roles behind each permission: packages/domain/src/team/policy.ts).
 * "public": no session (sign-in, the demo, health, signed webhooks); "signed-in": any signed-in person,
 * acting on themself (accepting an invitation). A route not named here is the owner's alone, so a new
 * route is never open to a team by accident. test/integration/team-roles.test.ts walks every route.
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  // A person's own account, whatever team they work on: their export, their erasure.
  "GET /api/account/export": "signed-in",
  "POST /api/account/export": "signed-in",
  "DELETE /api/account": "signed-in",
  "GET /api/profile": "account:read",
  "PUT /api/profile": "account:configure",
  "POST /api/scan-preferences": "account:configure",

  "GET /api/people": "account:read",
  "GET /api/people/{id}": "account:read",
  "GET /api/people/me": "signed-in",
  // The link holder sees who invites them before signing in (docs/people.md); the token is the secret.
  "POST /api/people/invitations/preview": "public",
  "POST /api/people/invitations/accept": "signed-in",
  "POST /api/people/me/withdraw": "signed-in",

  "GET /api/threats": "account:read",
  "GET /api/threats/{id}": "account:read",
  "PUT /api/threats/{id}/status": "threats:triage",
  "POST /api/threats/actions": "threats:triage",
  "POST /api/threats/{id}/actions": "threats:triage",
  "GET /api/threats/{id}/evidence": "account:read",
  "GET /api/threats/{id}/preview": "account:read",
  "GET /api/threats/{id}/thumbnail": "account:read",
  "GET /api/threats/{id}/media": "account:read",
  "GET /api/threats/{id}/media/audio": "account:read",
  "GET /api/threats/{id}/media/frames/{frame}": "account:read",
  "GET /api/stats": "account:read",
  "POST /api/scan/force": "account:configure",
  "GET /api/scan/status": "account:read",

  "POST /api/dmca": "notices:send",
  "POST /api/dmca/send": "notices:send",
  "POST /api/dmca/filed": "notices:send",
  "GET /api/takedowns": "account:read",
  "GET /api/takedowns/{id}": "account:read",
  "POST /api/takedowns/{id}/actions": "notices:send",

  "GET /api/push/vapid-public-key": "public",
  "GET /api/push/subscriptions": "account:read",
  "POST /api/push/subscriptions": "account:read",
  // Turning off the account's browser alerts silences them for everyone: the owner's or an admin's call, logged.
  "DELETE /api/push/subscriptions/{id}": "account:configure",

  "GET /api/billing": "account:read",
  "POST /api/billing/checkout": "billing:manage",
  "POST /api/billing/portal": "billing:manage",
  "POST /api/billing/webhook": "public",

  "GET /api/team": "team:manage",
  "POST /api/team/invitations": "team:manage",
  "DELETE /api/team/invitations/{id}": "team:manage",
  "DELETE /api/team/members/{id}": "team:manage",
  "POST /api/team/join": "signed-in",
  "GET /api/team/me": "signed-in",
  "GET /api/audit-log": "team:manage",

  // API keys and webhooks act for the whole organisation: its owner's or an admin's to manage.
  "GET /api/api-keys": "integrations:manage",
  "POST /api/api-keys": "integrations:manage",
  "DELETE /api/api-keys/{id}": "integrations:manage",
  "GET /api/webhooks": "integrations:manage",
  "POST /api/webhooks": "integrations:manage",
  "DELETE /api/webhooks/{id}": "integrations:manage",
  "POST /api/webhooks/{id}/rotate-secret": "integrations:manage",
  "POST /api/webhooks/{id}/enable": "integrations:manage",
  "GET /api/webhooks/{id}/deliveries": "integrations:manage",
  "POST /api/webhooks/{id}/deliveries/{deliveryId}/resend": "integrations:manage",
};

/**
 * Groups whose routes need no session of ours (they check what they need themselves); the public
 * API's are authorized by API key and scope (lambdas/src/shared/http/api-key-guard.ts).
 */
const PUBLIC_GROUPS = new Set(["auth", "demo", "system", "publicApi"]);

export function ruleFor(group: string, method: string, path: string): RouteRule {
  if (PUBLIC_GROUPS.has(group)) return "public";
  return ROUTE_RULES[`${method} ${path}`] ?? "owner:only";
}
