import type { z } from "zod";
import type { ProtectedPersonRecord } from "../records.js";
import type { PersonProtection } from "../table/entities.js";

export type PersonProtectionRecord = z.infer<typeof PersonProtection.schema>;

/** The account's protected people and the invitees' own side of each protection. */
export interface PeopleStore {
  listPeople(accountId: string): Promise<ProtectedPersonRecord[]>;
  getPerson(accountId: string, personId: string): Promise<ProtectedPersonRecord | null>;
  /** Fails (false) when the person id is taken. */
  createPerson(person: ProtectedPersonRecord): Promise<boolean>;
  /**
   * Links the invitee, once: only while the stored token hash is this one, unexpired, unaccepted and
   * not withdrawn (one conditional update, which also clears the hash). False when any of that fails.
   */
  acceptInvitation(input: {
    accountId: string;
    personId: string;
    tokenHash: string;
    memberUserId: string;
    at: string;
  }): Promise<boolean>;
  /** Removes an invitation that lost the race to the register (never sent). */
  deletePerson(accountId: string, personId: string): Promise<void>;
  /** The version of the account's people, 0 before the first invitation (PeopleRegister). */
  registerVersion(accountId: string): Promise<number>;
  /** Moves the version from `from` to from + 1 (one conditional update); false when another invitation did first. */
  advanceRegister(accountId: string, from: number): Promise<boolean>;
  markWithdrawn(accountId: string, personId: string, at: string): Promise<void>;
  listProtections(memberUserId: string): Promise<PersonProtectionRecord[]>;
  putProtection(protection: PersonProtectionRecord): Promise<void>;
  deleteProtection(key: { memberUserId: string; accountId: string; personId: string }): Promise<void>;
}

/** Email (SES) and SMS (SNS), as every other message goes. */
export interface InvitationSender {
  email(message: { to: string; subject: string; text: string; html: string }): Promise<void>;
  sms(message: { phoneNumber: string; text: string }): Promise<void>;
}

/** What the admin sees of a person's threats: whom each is about and its state, nothing of the media. */
export interface AccountThreats {
  list(accountId: string): Promise<
    {
      id: string;
      personId: string;
      status: string;
      title?: string;
      threatType: string;
      platform: string;
      createdAt: string;
    }[]
  >;
}

/** The account's takedown notices, each by the threat it is about (so by person), without their text. */
export interface AccountNotices {
  list(
    accountId: string,
  ): Promise<{ noticeId: string; threatId: string; route: string; status: string; createdAt: string }[]>;
}

/** The account's audit log (packages/domain/src/team/audit-log.ts): who invited, accepted, removed, withdrew. */
export interface PeopleAudit {
  record(
    accountId: string,
    actor: { userId: string; label?: string },
    action: "person.invited" | "person.accepted" | "person.removed" | "person.withdrew",
    subject: string,
    details?: Record<string, string>,
  ): Promise<void>;
}
