import { createHash, randomBytes } from "node:crypto";
import { DomainError } from "../errors.js";
import type { Actor, AuditLog } from "./audit-log.js";
import type { InvitationMailer, TeamInvitationRecord, TeamMemberRecord, TeamStore } from "./ports.js";

export const INVITATION_DAYS = 7;
const MAX_OPEN_INVITATIONS = 50;

export interface TeamDeps {
  store: TeamStore;
  audit: AuditLog;
  mailer: InvitationMailer;
  appUrl: string;
  now: () => Date;
}

export interface TeamView {
  accountId: string;
  members: { userId: string; role: "owner" | "admin" | "analyst"; email?: string; joinedAt?: string }[];
  invitations: { id: string; email: string; role: "admin" | "analyst"; createdAt: string; expiresAt: string }[];
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const sameAddress = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.toLowerCase();

/** Inviting, joining and removing team members; every change goes to the audit log. */
export class TeamService {
  constructor(private readonly deps: TeamDeps) {}

  async view(accountId: string, owner: { email?: string }): Promise<TeamView> {
    const [members, invitations] = await Promise.all([
      this.deps.store.listMembers(accountId),
      this.deps.store.listInvitations(accountId),
    ]);
    const nowSeconds = this.deps.now().getTime() / 1000;
    return {
      accountId,
      members: [
        { userId: accountId, role: "owner", ...(owner.email ? { email: owner.email } : {}) },
        ...members.map((m) => ({
          userId: m.userId,
          role: m.role,
          joinedAt: m.joinedAt,
          ...(m.email ? { email: m.email } : {}),
        })),
      ],
      invitations: invitations
        .filter((i) => i.expiresAt > nowSeconds)
        .map((i) => ({
          id: i.tokenHash.slice(0, 16),
          email: i.email,
          role: i.role,
          createdAt: i.createdAt,
          expiresAt: new Date(i.expiresAt * 1000).toISOString(),
        })),
    };
  }

  /** Emails a link to join the account's team in `role`; the link's token is stored only as its hash. */
  async invite(accountId: string, actor: Actor, email: string, role: "admin" | "analyst"): Promise<{ email: string }> {
    const address = email.trim().toLowerCase();
    const [members, open] = await Promise.all([
      this.deps.store.listMembers(accountId),
      this.deps.store.listInvitations(accountId),
    ]);
    if (members.some((m) => sameAddress(m.email, address))) {
      throw new DomainError("conflict", `${address} is already on the team`);
    }
    if (open.length >= MAX_OPEN_INVITATIONS) {
      throw new DomainError("conflict", `At most ${MAX_OPEN_INVITATIONS} invitations can be open at once`);
    }
    const token = randomBytes(32).toString("base64url");
    const now = this.deps.now();
    const invitation: TeamInvitationRecord = {
      accountId,
      tokenHash: hashToken(token),
      email: address,
      role,
      invitedBy: actor.userId,
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + INVITATION_DAYS * 86_400,
    };
    await this.deps.store.putInvitation(invitation);
    const link = `${this.deps.appUrl}/team/join?${new URLSearchParams({ account: accountId, token })}`;
    await this.deps.mailer.sendInvitation({ to: address, link, inviter: actor.label ?? "A LikenessGuard user", role });
    await this.deps.audit.record(accountId, actor, "member.invited", address, { role });
    return { email: address };
  }

  /** The signed-in person joins the team the link is for, if the invitation was sent to their address. */
  async accept(actor: Actor & { email?: string }, accountId: string, token: string): Promise<TeamMemberRecord> {
    const invitation = await this.deps.store.getInvitation(accountId, hashToken(token));
    const now = this.deps.now();
    if (!invitation || invitation.expiresAt <= now.getTime() / 1000) {
      throw new DomainError("not-found", "This invitation is not valid any more: ask for a new one");
    }
    if (!sameAddress(actor.email, invitation.email)) {
      throw new DomainError("forbidden", `This invitation was sent to ${invitation.email}: sign in with that address`);
    }
    if (actor.userId === accountId) throw new DomainError("conflict", "You own this account already");
    const existing = await this.deps.store.membershipOf(actor.userId);
    if (existing && existing.accountId !== accountId) throw onAnotherTeam();
    await this.takeSeat(actor.userId, accountId, now.toISOString());
    const member: TeamMemberRecord = {
      accountId,
      userId: actor.userId,
      role: invitation.role,
      email: invitation.email,
      invitedBy: invitation.invitedBy,
      joinedAt: now.toISOString(),
    };
    await this.deps.store.putMember(member);
    await this.deps.store.deleteInvitation(accountId, invitation.tokenHash);
    await this.deps.audit.record(accountId, actor, "member.joined", invitation.email, { role: invitation.role });
    return member;
  }

  /**
   * The person's one seat, claimed before they become a member: the membership check above reads
   * an index, so two joins at once would both pass it. A seat whose team has not listed the person
   * for minutes (that team's account was erased; a join in progress lists them within a second)
   * is stale and freed.
   */
  private async takeSeat(userId: string, accountId: string, at: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const seat = await this.deps.store.claimSeat(userId, accountId, at);
      if (seat.claimed) return;
      if (seat.holder) {
        const joining = Date.parse(at) - Date.parse(seat.claimedAt) < STALE_SEAT_MS;
        const listed = (await this.deps.store.listMembers(seat.holder)).some((m) => m.userId === userId);
        if (joining || listed) throw onAnotherTeam();
        await this.deps.store.releaseSeat(userId, seat.holder);
      }
    }
    throw onAnotherTeam();
  }

  async remove(accountId: string, actor: Actor, memberUserId: string): Promise<void> {
    if (memberUserId === accountId) throw new DomainError("invalid", "The account's owner cannot be removed");
    const members = await this.deps.store.listMembers(accountId);
    const member = members.find((m) => m.userId === memberUserId);
    if (!member) throw new DomainError("not-found", "No such team member");
    await this.deps.store.deleteMember(accountId, memberUserId);
    await this.deps.audit.record(accountId, actor, "member.removed", member.email ?? member.userId, {
      role: member.role,
    });
  }

  async revokeInvitation(accountId: string, id: string): Promise<void> {
    const open = await this.deps.store.listInvitations(accountId);
    const invitation = open.find((i) => i.tokenHash.startsWith(id) && id.length >= 16);
    if (!invitation) throw new DomainError("not-found", "No such invitation");
    await this.deps.store.deleteInvitation(accountId, invitation.tokenHash);
  }
}

/** Longer than any join takes between taking the seat and storing the membership. */
const STALE_SEAT_MS = 5 * 60_000;

const onAnotherTeam = () =>
  new DomainError("conflict", "You are on another team already: leave it before joining this one");
