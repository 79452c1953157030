import type { PeopleStore, PersonProtectionRecord } from "@lg/domain/people/ports";
import type { ProtectedPersonRecord } from "@lg/domain/records";

/** The store's conditions as DynamoDB applies them: create once, accept once while the hash and expiry hold. */
export class MemoryPeopleStore implements PeopleStore {
  readonly people = new Map<string, ProtectedPersonRecord>();
  readonly protections = new Map<string, PersonProtectionRecord>();

  async listPeople(accountId: string) {
    return [...this.people.values()].filter((p) => p.userId === accountId);
  }
  async getPerson(accountId: string, personId: string) {
    return this.people.get(`${accountId}/${personId}`) ?? null;
  }
  async createPerson(person: ProtectedPersonRecord) {
    const key = `${person.userId}/${person.personId}`;
    if (this.people.has(key)) return false;
    this.people.set(key, person);
    return true;
  }
  async acceptInvitation(input: {
    accountId: string;
    personId: string;
    tokenHash: string;
    memberUserId: string;
    at: string;
  }) {
    const key = `${input.accountId}/${input.personId}`;
    const p = this.people.get(key);
    if (!p || p.invitationTokenHash !== input.tokenHash || p.acceptedAt || p.withdrawnAt) return false;
    if (!p.invitationExpiresAt || p.invitationExpiresAt <= input.at) return false;
    const { invitationTokenHash: _used, ...rest } = p;
    this.people.set(key, { ...rest, memberUserId: input.memberUserId, acceptedAt: input.at });
    return true;
  }
  readonly versions = new Map<string, number>();
  async deletePerson(accountId: string, personId: string) {
    this.people.delete(`${accountId}/${personId}`);
  }
  async registerVersion(accountId: string) {
    return this.versions.get(accountId) ?? 0;
  }
  async advanceRegister(accountId: string, from: number) {
    if ((this.versions.get(accountId) ?? 0) !== from) return false;
    this.versions.set(accountId, from + 1);
    return true;
  }
  async markWithdrawn(accountId: string, personId: string, at: string) {
    const key = `${accountId}/${personId}`;
    const p = this.people.get(key);
    if (p && !p.withdrawnAt) this.people.set(key, { ...p, withdrawnAt: at });
  }
  async listProtections(memberUserId: string) {
    return [...this.protections.values()].filter((p) => p.memberUserId === memberUserId);
  }
  async putProtection(protection: PersonProtectionRecord) {
    this.protections.set(`${protection.memberUserId}/${protection.accountId}/${protection.personId}`, protection);
  }
  async deleteProtection(key: { memberUserId: string; accountId: string; personId: string }) {
    this.protections.delete(`${key.memberUserId}/${key.accountId}/${key.personId}`);
  }
}

export interface SentInvitation {
  to: string;
  text: string;
}

export class RecordingSender {
  readonly sent: SentInvitation[] = [];
  /** Every part of an email, the text first (its link is the one tokenFor reads). */
  async email(message: { to: string; subject: string; text: string; html: string }) {
    this.sent.push({ to: message.to, text: [message.text, message.subject, message.html].join("\n") });
  }
  async sms(message: { phoneNumber: string; text: string }) {
    this.sent.push({ to: message.phoneNumber, text: message.text });
  }
  /** The token of the last invitation sent to `to`, read from its link as the invitee would. */
  tokenFor(to: string): string {
    const message = [...this.sent].reverse().find((m) => m.to === to);
    const token = /\/invite\/([^\s]+)/.exec(message?.text ?? "")?.[1];
    if (!token) throw new Error(`No invitation link sent to ${to}`);
    return token;
  }
}
