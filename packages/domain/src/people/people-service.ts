import type { AccountStore } from "../accounts/ports.js";
import { RateLimitExceeded, type RateLimiter } from "../accounts/rate-limits.js";
import { CONSENT_VERSION } from "../biometrics/consent.js";
import { isCurrentEmbedding } from "../biometrics/embedding-models.js";
import { searchedInScans } from "../biometrics/enrolment-verification.js";
import { isExpired } from "../biometrics/retention.js";
import { DomainError } from "../errors.js";
import type { ProtectedPersonRecord, UserProfileRecord } from "../records.js";
import { assertCanAddProtectedPerson, protectedPeopleLimit } from "../tiers.js";
import { invitationLink, invitationMessage } from "./invitation-message.js";
import {
  INVALID_INVITATION,
  invitationExpiry,
  invitationTokenHash,
  mintInvitationToken,
  newPersonId,
  readInvitationToken,
  tokenMatches,
} from "./invitation-token.js";
import { type AccountActor, accountOf, canManagePeople, canSeePeople } from "./people-access.js";
import type { InviteInput } from "./people-inputs.js";
import { occupiesPlace, type PersonFacts, type PersonStanding, personStanding } from "./person-state.js";
import type { AccountNotices, AccountThreats, InvitationSender, PeopleAudit, PeopleStore } from "./ports.js";

/** Invitations one account may send in a day, whatever its plan: each one is an email or a text to someone. */
export const INVITATIONS_PER_DAY = 20;
/** Rounds of check, store and register an invitation may lose to others sent at the same moment. */
const INVITE_ATTEMPTS = 8;
const DAY_MS = 24 * 60 * 60_000;

export interface PersonView {
  personId: string;
  displayName: string;
  contact?: { channel: "email" | "sms"; address: string };
  invitedAt: string;
  invitationExpiresAt?: string;
  acceptedAt?: string;
  withdrawnAt?: string;
  standing: PersonStanding;
  enrolled: { face: boolean; voice: boolean };
  threats: { total: number; active: number };
  /** Takedown notices about their threats. */
  notices: number;
}

/** A person the account's scans search for: their own user's consent is current and they enrolled. */
export interface ScannedMember {
  personId: string;
  memberUserId: string;
  displayName: string;
}

/** The person's way out (`withdraw`): what their erasure deleted, and how many protections ended. */
export interface Withdrawal<Erased> {
  deleted: Erased;
  withdrawn: number;
}

/** An account whose scans include a person, and the person's id and name there. */
export interface ProtectingAccount {
  accountId: string;
  personId: string;
  displayName: string;
}

const OPEN_THREAT = new Set(["active", "takedown_requested"]);

const nameOf = (profile: UserProfileRecord | null) =>
  [profile?.firstName, profile?.lastName].filter(Boolean).join(" ") ||
  profile?.email ||
  profile?.phone ||
  "A LikenessGuard account";

/**
 * Protected people, each consenting (issue 18): an admin invites a person, who accepts in their own
 * user, gives their own consent and enrols their own face and voice. Their consent and samples stay
 * in their partition, under their own consent and erasure; the account sees only where they stand.
 */
export class PeopleService {
  constructor(
    private readonly deps: {
      people: PeopleStore;
      accounts: AccountStore;
      sender: InvitationSender;
      threats: AccountThreats;
      notices: AccountNotices;
      audit: PeopleAudit;
      /** The texting limits sign-up codes obey (smsPerNumber, smsPerSource): an invitation by text is a text. */
      limiter: Pick<RateLimiter, "consume">;
      /** Protected people the account's subscription pays for, when its plan is priced per person (billing's record). */
      purchasedPlaces(accountId: string): Promise<number | undefined>;
      appUrl: string;
      now: () => Date;
    },
  ) {}

  private managedAccount(actor: AccountActor) {
    const account = accountOf(actor);
    if (!canManagePeople(account, actor)) {
      throw new DomainError("forbidden", "Only the account's owner can invite protected people");
    }
    return account;
  }

  private visibleAccount(actor: AccountActor) {
    const account = accountOf(actor);
    if (!canSeePeople(account, actor)) throw new DomainError("forbidden", "Your role cannot see this account");
    return account;
  }

  /** `source` is the caller's address, counted against the texting limits for an invitation by text. */
  async invite(actor: AccountActor, input: InviteInput, source?: string): Promise<PersonView> {
    const { accountId } = this.managedAccount(actor);
    const now = this.deps.now();
    const profile = await this.deps.accounts.getProfile(accountId);
    if (!profile) throw new DomainError("not-found", "Finish setting up your account before inviting people");
    const contact =
      input.method === "email"
        ? { channel: "email" as const, address: input.email.trim().toLowerCase() }
        : { channel: "sms" as const, address: input.phone.trim() };
    // Counted before anything is stored: a refused text leaves no invitation that was never sent.
    if (contact.channel === "sms") {
      await this.deps.limiter.consume(
        { rule: "smsPerNumber", subject: contact.address },
        ...(source ? [{ rule: "smsPerSource" as const, subject: source }] : []),
      );
    }
    // Check, store, then move the register from the version the check read: of invitations racing
    // on the same people, one moves it; the others take theirs back and check again, seeing it.
    for (let attempt = 0; attempt < INVITE_ATTEMPTS; attempt++) {
      const version = await this.deps.people.registerVersion(accountId);
      // The stored tier, never one the request names: billing sets it (issue 18).
      await this.assertRoomFor(accountId, profile.membershipTier, contact.address, now);
      const personId = newPersonId();
      const { token, tokenHash } = mintInvitationToken(accountId, personId);
      const person: ProtectedPersonRecord = {
        userId: accountId,
        personId,
        displayName: input.displayName.trim(),
        aliases: [],
        handles: [],
        createdAt: now.toISOString(),
        contact,
        invitedBy: actor.userId,
        invitationTokenHash: tokenHash,
        invitationExpiresAt: invitationExpiry(now).toISOString(),
      };
      if (!(await this.deps.people.createPerson(person))) throw new Error("Person id collision");
      if (!(await this.deps.people.advanceRegister(accountId, version))) {
        await this.deps.people.deletePerson(accountId, personId);
        continue;
      }
      const message = invitationMessage({ link: invitationLink(this.deps.appUrl, token) });
      if (contact.channel === "email") await this.deps.sender.email({ to: contact.address, ...message });
      else await this.deps.sender.sms({ phoneNumber: contact.address, text: message.sms });
      await this.deps.audit.record(accountId, await this.actorLabel(actor.userId), "person.invited", person.personId, {
        name: person.displayName,
        channel: contact.channel,
      });
      return this.view(person, [], now);
    }
    throw new DomainError("conflict", "Other invitations were being sent at the same moment: try again");
  }

  /** The day's invitations, the address not already invited, and a place left on the plan. */
  private async assertRoomFor(
    accountId: string,
    tier: UserProfileRecord["membershipTier"],
    address: string,
    now: Date,
  ) {
    const people = await this.deps.people.listPeople(accountId);
    const views = await Promise.all(people.map((p) => this.view(p, [], now)));
    if (people.filter((p) => now.getTime() - Date.parse(p.createdAt) < DAY_MS).length >= INVITATIONS_PER_DAY) {
      const oldest = Math.min(...people.map((p) => Date.parse(p.createdAt)).filter((t) => now.getTime() - t < DAY_MS));
      throw new RateLimitExceeded(Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
    }
    const active = views.filter((v) => occupiesPlace(v.standing));
    if (active.some((v) => v.contact?.address === address)) {
      throw new DomainError("conflict", `${address} is already invited to or protected by this account`);
    }
    const [ownerProtected, purchased] = await Promise.all([
      this.ownerIsProtected(accountId),
      this.deps.purchasedPlaces(accountId),
    ]);
    assertCanAddProtectedPerson(tier, active.length + (ownerProtected ? 1 : 0), purchased);
  }

  /** What the link holder may see before signing in: who invites them, and whether the link still works. */
  async preview(token: string) {
    const person = await this.invitationOf(token);
    const account = await this.deps.accounts.getProfile(person.userId);
    return {
      accountName: nameOf(account),
      displayName: person.displayName,
      expiresAt: person.invitationExpiresAt,
      consentVersion: CONSENT_VERSION,
    };
  }

  async accept(memberUserId: string, token: string) {
    const person = await this.invitationOf(token);
    if (memberUserId === person.userId) {
      throw new DomainError(
        "conflict",
        "This invitation is for someone your account protects; sign in as them to accept it",
      );
    }
    // The link alone is not the person: whoever holds it must sign in with the address it was sent to.
    const member = await this.deps.accounts.getProfile(memberUserId);
    const theirs = [member?.email?.toLowerCase(), member?.phone].filter((a): a is string => Boolean(a));
    if (person.contact && !theirs.includes(person.contact.address)) {
      throw new DomainError(
        "forbidden",
        "This invitation was sent to another email or phone number: sign in with the one it was sent to",
      );
    }
    const others = await this.deps.people.listPeople(person.userId);
    if (others.some((p) => p.memberUserId === memberUserId && !p.withdrawnAt)) {
      throw new DomainError("conflict", "You are already protected by this account");
    }
    const at = this.deps.now().toISOString();
    const accepted = await this.deps.people.acceptInvitation({
      accountId: person.userId,
      personId: person.personId,
      tokenHash: invitationTokenHash(token),
      memberUserId,
      at,
    });
    if (!accepted) throw new DomainError("conflict", "This invitation has already been used");
    const accountName = nameOf(await this.deps.accounts.getProfile(person.userId));
    await this.deps.people.putProtection({
      memberUserId,
      accountId: person.userId,
      personId: person.personId,
      accountName,
      acceptedAt: at,
    });
    await this.deps.audit.record(
      person.userId,
      await this.actorLabel(memberUserId),
      "person.accepted",
      person.personId,
      {
        name: person.displayName,
      },
    );
    const consentRequired = !(await this.consentFacts(memberUserId)).consentCurrent;
    return { accountName, personId: person.personId, consentRequired };
  }

  /** The account's people and where each stands, with the plan's limit as the server reads it. */
  async list(actor: AccountActor) {
    const { accountId } = this.visibleAccount(actor);
    const now = this.deps.now();
    const [profile, people, threats, notices] = await Promise.all([
      this.deps.accounts.getProfile(accountId),
      this.deps.people.listPeople(accountId),
      this.deps.threats.list(accountId),
      this.deps.notices.list(accountId),
    ]);
    const views = await Promise.all(people.map((p) => this.view(p, threats, now, notices)));
    const tier = profile?.membershipTier ?? "personal";
    const [ownerProtected, purchased] = await Promise.all([
      this.ownerIsProtected(accountId),
      this.deps.purchasedPlaces(accountId),
    ]);
    return {
      people: views.sort((a, b) => b.invitedAt.localeCompare(a.invitedAt)),
      limit: {
        tier,
        maxProtectedPeople: protectedPeopleLimit(tier, purchased),
        used: views.filter((v) => occupiesPlace(v.standing)).length + (ownerProtected ? 1 : 0),
        ownerCounted: ownerProtected,
      },
    };
  }

  /** One person of the caller's account with their threats; any other account's person is not found. */
  async get(actor: AccountActor, personId: string) {
    const { accountId } = this.visibleAccount(actor);
    const person = await this.deps.people.getPerson(accountId, personId);
    if (!person) throw new DomainError("not-found", "No such person in your account");
    const threats = (await this.deps.threats.list(accountId)).filter((t) => t.personId === personId);
    const ids = new Set(threats.map((t) => t.id));
    const notices = (await this.deps.notices.list(accountId)).filter((n) => ids.has(n.threatId));
    return { person: await this.view(person, threats, this.deps.now(), notices), threats, notices };
  }

  /**
   * The owner stops protecting a person (or cancels an invitation not yet used): no scan includes
   * them from now on. Their consent and samples are theirs, so they stay with them to keep or delete.
   */
  async remove(actor: AccountActor, personId: string): Promise<PersonView> {
    const { accountId } = this.managedAccount(actor);
    const person = await this.deps.people.getPerson(accountId, personId);
    if (!person) throw new DomainError("not-found", "No such person in your account");
    const at = this.deps.now().toISOString();
    await this.deps.people.markWithdrawn(accountId, personId, at);
    await this.deps.audit.record(accountId, await this.actorLabel(actor.userId), "person.removed", personId, {
      name: person.displayName,
    });
    if (person.memberUserId) {
      const theirs = (await this.deps.people.listProtections(person.memberUserId)).find(
        (p) => p.accountId === accountId && p.personId === personId,
      );
      if (theirs && !theirs.withdrawnAt) await this.deps.people.putProtection({ ...theirs, withdrawnAt: at });
    }
    const stored = (await this.deps.people.getPerson(accountId, personId)) ?? person;
    return this.view(stored, [], this.deps.now());
  }

  /** The accounts that protect the caller, and where they stand with each. */
  async myProtections(memberUserId: string) {
    const facts = await this.memberFacts(memberUserId);
    // Only protections the account still holds for this very user: a deleted account's are gone.
    const protections = [];
    for (const p of await this.deps.people.listProtections(memberUserId)) {
      const person = await this.deps.people.getPerson(p.accountId, p.personId);
      if (person?.memberUserId === memberUserId)
        protections.push({ ...p, withdrawnAt: p.withdrawnAt ?? person.withdrawnAt });
    }
    const now = this.deps.now();
    return {
      protections: protections.map((p) => ({
        accountName: p.accountName,
        personId: p.personId,
        acceptedAt: p.acceptedAt,
        ...(p.withdrawnAt ? { withdrawnAt: p.withdrawnAt } : {}),
        standing: personStanding({ ...facts, acceptedAt: p.acceptedAt, withdrawnAt: p.withdrawnAt }, now),
      })),
    };
  }

  /**
   * The person ends every protection: their samples and objects go (which withdraws their consent),
   * so no scan of any account searches for them from this moment; the accounts see "withdrawn".
   */
  async withdraw<Erased>(
    memberUserId: string,
    eraseBiometrics: (userId: string) => Promise<Erased>,
  ): Promise<Withdrawal<Erased>> {
    const at = this.deps.now().toISOString();
    const deleted = await eraseBiometrics(memberUserId);
    const protections = (await this.deps.people.listProtections(memberUserId)).filter((p) => !p.withdrawnAt);
    for (const p of protections) {
      await this.deps.people.putProtection({ ...p, withdrawnAt: at });
      // A deleted account gets no audit entry (it would leave an item behind in its erased partition).
      const person = await this.deps.people.getPerson(p.accountId, p.personId);
      if (person?.memberUserId !== memberUserId) continue;
      await this.deps.people.markWithdrawn(p.accountId, p.personId, at);
      await this.deps.audit.record(p.accountId, await this.actorLabel(memberUserId), "person.withdrew", p.personId);
    }
    return { deleted, withdrawn: protections.length };
  }

  /**
   * The account is being deleted: each person who accepted its invitation loses their record of it
   * (in their own partition), so nothing of a deleted account stays with them. Returns how many went.
   */
  async deleteProtectionsBy(accountId: string): Promise<number> {
    let deleted = 0;
    for (const p of await this.deps.people.listPeople(accountId)) {
      if (!p.memberUserId) continue;
      await this.deps.people.deleteProtection({ memberUserId: p.memberUserId, accountId, personId: p.personId });
      deleted += 1;
    }
    return deleted;
  }

  /** Whom the account's scans include besides the owner: accepted, not withdrawn, consent current now. */
  async scannedMembers(accountId: string): Promise<ScannedMember[]> {
    const members: ScannedMember[] = [];
    for (const p of await this.deps.people.listPeople(accountId)) {
      if (!p.memberUserId || !p.acceptedAt || p.withdrawnAt) continue;
      if (!(await this.consentFacts(p.memberUserId)).consentCurrent) continue;
      members.push({ personId: p.personId, memberUserId: p.memberUserId, displayName: p.displayName });
    }
    return members;
  }

  /**
   * The accounts whose scans include this person, and as whom: scannedMembers seen from the person's
   * side, so a match on their face found once for everyone (the shared crawl) reaches each of them.
   */
  async protectingAccounts(memberUserId: string): Promise<ProtectingAccount[]> {
    if (!(await this.consentFacts(memberUserId)).consentCurrent) return [];
    const accounts: ProtectingAccount[] = [];
    for (const p of await this.deps.people.listProtections(memberUserId)) {
      if (p.withdrawnAt) continue;
      const person = await this.deps.people.getPerson(p.accountId, p.personId);
      if (person?.memberUserId !== memberUserId || !person.acceptedAt || person.withdrawnAt) continue;
      accounts.push({ accountId: p.accountId, personId: p.personId, displayName: person.displayName });
    }
    return accounts;
  }

  /** The audit log names people by the address they signed in with. */
  private async actorLabel(userId: string) {
    const profile = await this.deps.accounts.getProfile(userId);
    const label = profile?.email ?? profile?.phone;
    return { userId, ...(label ? { label } : {}) };
  }

  private async invitationOf(token: string): Promise<ProtectedPersonRecord> {
    const { accountId, personId } = readInvitationToken(token);
    const person = await this.deps.people.getPerson(accountId, personId);
    if (!person) throw new DomainError("not-found", INVALID_INVITATION);
    if (person.acceptedAt) throw new DomainError("conflict", "This invitation has already been used");
    if (person.withdrawnAt) throw new DomainError("conflict", "This invitation was cancelled; ask for a new one");
    if (!tokenMatches(token, person.invitationTokenHash)) throw new DomainError("not-found", INVALID_INVITATION);
    if (person.invitationExpiresAt && Date.parse(person.invitationExpiresAt) <= this.deps.now().getTime()) {
      throw new DomainError(
        "conflict",
        `This invitation expired on ${person.invitationExpiresAt.slice(0, 10)}; ask the person who invited you for a new one`,
      );
    }
    return person;
  }

  private async ownerIsProtected(accountId: string) {
    const facts = await this.memberFacts(accountId);
    return facts.consentCurrent || facts.enrolled.face || facts.enrolled.voice;
  }

  private async consentFacts(userId: string) {
    const consents = await this.deps.accounts.listConsents(userId);
    const withdrawn = consents
      .map((c) => c.withdrawnAt)
      .filter((w): w is string => Boolean(w))
      .sort();
    return {
      consentCurrent: consents.some((c) => c.version === CONSENT_VERSION && !c.withdrawnAt),
      ...(withdrawn.length > 0 ? { consentWithdrawnAt: withdrawn[withdrawn.length - 1] } : {}),
    };
  }

  /** The invitee's own facts; only whether something is enrolled, never what. */
  private async memberFacts(userId: string): Promise<Omit<PersonFacts, "acceptedAt" | "withdrawnAt">> {
    const [profile, consent, samples] = await Promise.all([
      this.deps.accounts.getProfile(userId),
      this.consentFacts(userId),
      this.deps.accounts.listSamples(userId),
    ]);
    const now = this.deps.now();
    const searched = samples.filter((s) => !isExpired(s, now) && searchedInScans(s) && isCurrentEmbedding(s));
    return {
      memberExists: profile !== null,
      ...consent,
      enrolled: {
        face: consent.consentCurrent && searched.some((s) => s.modality === "face"),
        voice: consent.consentCurrent && searched.some((s) => s.modality === "voice"),
      },
    };
  }

  private async view(
    person: ProtectedPersonRecord,
    threats: { id: string; personId: string; status: string }[],
    now: Date,
    notices: { threatId: string }[] = [],
  ): Promise<PersonView> {
    const facts: PersonFacts = person.memberUserId
      ? {
          ...(await this.memberFacts(person.memberUserId)),
          acceptedAt: person.acceptedAt,
          withdrawnAt: person.withdrawnAt,
        }
      : {
          memberExists: false,
          consentCurrent: false,
          enrolled: { face: false, voice: false },
          acceptedAt: person.acceptedAt,
          withdrawnAt: person.withdrawnAt,
          invitationExpiresAt: person.invitationExpiresAt,
        };
    const standing = personStanding(facts, now);
    const mine = threats.filter((t) => t.personId === person.personId);
    return {
      personId: person.personId,
      displayName: person.displayName,
      ...(person.contact ? { contact: person.contact } : {}),
      invitedAt: person.createdAt,
      ...(person.invitationExpiresAt && !person.acceptedAt ? { invitationExpiresAt: person.invitationExpiresAt } : {}),
      ...(person.acceptedAt ? { acceptedAt: person.acceptedAt } : {}),
      ...(person.withdrawnAt ? { withdrawnAt: person.withdrawnAt } : {}),
      standing,
      enrolled: standing.state === "withdrawn" ? { face: false, voice: false } : facts.enrolled,
      threats: { total: mine.length, active: mine.filter((t) => OPEN_THREAT.has(t.status)).length },
      notices: notices.filter((n) => mine.some((t) => t.id === n.threatId)).length,
    };
  }
}
