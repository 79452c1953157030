import type { z } from "zod";
import type { AccountAuditEntry, TeamInvitation, TeamMember } from "../table/entities.js";

export type TeamMemberRecord = z.infer<typeof TeamMember.schema>;
export type TeamInvitationRecord = z.infer<typeof TeamInvitation.schema>;
export type AuditEntryRecord = z.infer<typeof AccountAuditEntry.schema>;
export type AuditAction = AuditEntryRecord["action"];

export interface TeamStore {
  /** The team a user has joined, if any (a user works on one team's account at a time). */
  membershipOf(userId: string): Promise<TeamMemberRecord | null>;
  listMembers(accountId: string): Promise<TeamMemberRecord[]>;
  putMember(member: TeamMemberRecord): Promise<void>;
  /** Removes the member and frees their seat (TeamSeat) if it is this team's. */
  deleteMember(accountId: string, userId: string): Promise<void>;
  /**
   * Takes the person's one team seat for this account (one conditional put): taken when free or
   * already this account's; otherwise the account holding it.
   */
  claimSeat(
    userId: string,
    accountId: string,
    at: string,
  ): Promise<{ claimed: true } | { claimed: false; holder: string; claimedAt: string }>;
  /** Frees the seat only if this account holds it. */
  releaseSeat(userId: string, accountId: string): Promise<void>;
  putInvitation(invitation: TeamInvitationRecord): Promise<void>;
  getInvitation(accountId: string, tokenHash: string): Promise<TeamInvitationRecord | null>;
  listInvitations(accountId: string): Promise<TeamInvitationRecord[]>;
  deleteInvitation(accountId: string, tokenHash: string): Promise<void>;
}

export interface AuditStore {
  append(entry: AuditEntryRecord): Promise<void>;
  /** Newest first. */
  list(accountId: string): Promise<AuditEntryRecord[]>;
}

/** Sends the invitation email (SES; the outbox locally). */
export interface InvitationMailer {
  sendInvitation(input: { to: string; link: string; inviter: string; role: string }): Promise<void>;
}
