import { z } from "zod";
import { TeamRole } from "../table/entities/team-member.js";

/**
 * The web app's team answers (GET /api/team, /api/team/me, /api/audit-log, and what inviting,
 * revoking an invitation and removing a member answer), written once: the
 * handlers check their answers with these in tests and the web app takes its types from them
 * (docs/architecture.md, "The web contract").
 */

const InvitedRole = TeamRole.exclude(["owner"]);

/** GET /api/team: the owner, members with their roles, and open invitations (team-service.ts). */
export const TeamView = z.object({
  accountId: z.string(),
  members: z.array(
    z.object({ userId: z.string(), role: TeamRole, email: z.string().optional(), joinedAt: z.string().optional() }),
  ),
  invitations: z.array(
    z.object({ id: z.string(), email: z.string(), role: InvitedRole, createdAt: z.string(), expiresAt: z.string() }),
  ),
});

/** GET /api/team/me: the account the signed-in person works on and their role there. */
export const MyTeam = z.object({
  accountId: z.string(),
  role: TeamRole,
  own: z.boolean(),
  ownerEmail: z.string().optional(),
});

/** One entry of the account's audit log (audit-log.ts). */
export const AuditEntry = z.object({
  entryId: z.string(),
  at: z.string(),
  actorUserId: z.string(),
  actorLabel: z.string().optional(),
  action: z.string(),
  subject: z.string().optional(),
  details: z.record(z.string(), z.string()),
});

/** GET /api/audit-log: newest first. */
export const AuditLogPage = z.object({ entries: z.array(AuditEntry) });

/** POST /api/team/join: the account joined and the role there. */
export const JoinedTeam = z.object({ accountId: z.string(), role: TeamRole });

/** POST /api/team/invitations: the address the invitation was sent to, as stored (trimmed, lower case). */
export const SentInvitation = z.object({ email: z.string() });

/** DELETE /api/team/invitations/{id}: the link stops working. */
export const RevokedInvitation = z.object({ revoked: z.literal(true) });

/** DELETE /api/team/members/{id}: the member stops working on the account at their next request. */
export const RemovedMember = z.object({ removed: z.literal(true) });

export type TeamView = z.infer<typeof TeamView>;
export type JoinedTeam = z.infer<typeof JoinedTeam>;
export type MyTeam = z.infer<typeof MyTeam>;
export type AuditEntry = z.infer<typeof AuditEntry>;
export type AuditLogPage = z.infer<typeof AuditLogPage>;
export type SentInvitation = z.infer<typeof SentInvitation>;
export type RevokedInvitation = z.infer<typeof RevokedInvitation>;
export type RemovedMember = z.infer<typeof RemovedMember>;
