import { RateLimiter } from "@lg/domain/accounts/rate-limits";
import { CONSENT_VERSION, ConsentService } from "@lg/domain/biometrics/consent";
import { DomainError } from "@lg/domain/errors";
import { PeopleService } from "@lg/domain/people/people-service";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { beforeEach, describe, expect, it } from "vitest";
import { MemoryAccountStore, MemoryRateCounters } from "../accounts/fakes.js";
import { MemoryPeopleStore, RecordingSender } from "./fakes.js";

const OWNER = "owner-1";
const MEMBER = "member-1";
const START = new Date("2026-11-23T12:00:00Z");
const owner = { userId: OWNER, accountId: OWNER, role: "owner" as const };
const stranger = { userId: "someone-else", accountId: "someone-else", role: "owner" as const };

function world(tier: "personal" | "professional" | "enterprise" = "enterprise") {
  const accounts = new MemoryAccountStore();
  const people = new MemoryPeopleStore();
  const sender = new RecordingSender();
  const clock = { now: START };
  const threats: {
    id: string;
    personId: string;
    status: string;
    threatType: string;
    platform: string;
    createdAt: string;
  }[] = [];
  const notices: { noticeId: string; threatId: string; route: string; status: string; createdAt: string }[] = [];
  const audit: { accountId: string; actor: string; action: string; subject: string }[] = [];
  // What billing's record says the subscription pays for (Enterprise bought per person); none by default.
  const billing: { protectedPeople?: number } = {};
  const service = new PeopleService({
    people,
    accounts,
    sender,
    threats: { list: async (accountId) => (accountId === OWNER ? threats : []) },
    notices: { list: async (accountId) => (accountId === OWNER ? notices : []) },
    audit: {
      record: async (accountId, actor, action, subject) =>
        void audit.push({ accountId, actor: actor.userId, action, subject }),
    },
    limiter: new RateLimiter(new MemoryRateCounters(), () => START),
    purchasedPlaces: async (accountId) => (accountId === OWNER ? billing.protectedPeople : undefined),
    appUrl: "https://app.example",
    now: () => clock.now,
  });
  const consent = new ConsentService({ store: accounts, now: () => clock.now });
  // Each person signs in with their first name's address: the one their invitation goes to.
  const profile = (userId: string, membershipTier = tier, firstName = "Ada") =>
    accounts.putProfile({
      userId,
      email: `${firstName.toLowerCase()}@example.com`,
      firstName,
      lastName: "Admin",
      aliases: [],
      handles: [],
      ownAccounts: [],
      membershipTier,
      platforms: [],
      scanFrequency: "weekly",
      autoTakedown: false,
      scanPreferences: {},
      notificationSettings: {},
      privacySettings: {},
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
    });
  const enrolVoice = (userId: string) =>
    accounts.putSample({
      userId,
      personId: "self",
      modality: "voice",
      sampleId: "v1",
      source: "live-capture",
      verified: true,
      encryptedEmbedding: "sealed",
      encryptedDataKey: "wrapped",
      quality: {},
      createdAt: clock.now.toISOString(),
    } satisfies BiometricSampleRecord);
  const erase = async (userId: string) => {
    const samples = await accounts.listSamples(userId);
    for (const s of samples) await accounts.deleteSample(s);
    await consent.withdraw(userId);
    return { samples: samples.length };
  };
  return {
    accounts,
    people,
    sender,
    clock,
    service,
    consent,
    profile,
    enrolVoice,
    erase,
    threats,
    notices,
    audit,
    billing,
  };
}

const inviteCarol = (w: ReturnType<typeof world>) =>
  w.service.invite(owner, { method: "email", displayName: "Carol Chief", email: "Carol@Example.com" });

const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "resolved";
  } catch (e) {
    return e instanceof DomainError ? `${e.kind}: ${e.message}` : String(e);
  }
};

describe("protected people, each consenting", () => {
  let w: ReturnType<typeof world>;
  beforeEach(async () => {
    w = world();
    await w.profile(OWNER);
    await w.profile(MEMBER, "personal", "Carol");
  });

  it("sends an invitation link by email and lists the person as invited, nothing of theirs stored", async () => {
    const person = await inviteCarol(w);
    expect(person).toMatchObject({
      displayName: "Carol Chief",
      contact: { channel: "email", address: "carol@example.com" },
      standing: { state: "invited", awaiting: "acceptance", scanned: false },
      enrolled: { face: false, voice: false },
    });
    expect(w.sender.sent).toHaveLength(1);
    expect(w.sender.sent[0]?.text).toContain("A LikenessGuard account would like LikenessGuard");
    expect(w.sender.tokenFor("carol@example.com")).toMatch(/^owner-1~p_/);
    expect(await w.service.scannedMembers(OWNER)).toEqual([]);
  });

  it("texts the invitation to a phone number", async () => {
    await w.service.invite(owner, { method: "phone", displayName: "Dan", phone: "+15551234567" });
    expect(w.sender.sent[0]?.to).toBe("+15551234567");
    expect(w.sender.sent[0]?.text).toMatch(/https:\/\/app\.example\/invite\/owner-1~p_/);
  });

  it("texts within the limits sign-up codes obey, and no word of the inviter's in the text", async () => {
    await w.profile(OWNER, "enterprise", "Prize-at-evil.example");
    const texted = [];
    for (let i = 0; i < 8; i++) {
      texted.push(
        await kindOf(
          w.service.invite(owner, { method: "phone", displayName: `P${i}`, phone: `+1555000000${i}` }, "198.51.100.7"),
        ),
      );
    }
    // smsPerSource: 3 an hour from one address, whatever the numbers.
    expect(texted.filter((t) => t === "resolved")).toHaveLength(3);
    expect(texted.at(-1)).toMatch(/^rate-limited: Too many attempts/);
    expect(w.sender.sent).toHaveLength(3);
    // The link's token is random base64url, which now and then spells "P0": it is masked, the rest is read whole.
    const texts = w.sender.sent.map((m) => m.text.replace(/(\/invite\/[^~\s]+~[^~\s]+~)[\w-]+/g, "$1<token>"));
    expect(texts.join(" ")).not.toMatch(/evil|prize|P0/);
    // smsPerNumber: one number is texted 3 times an hour at most, from any address.
    const again = [];
    for (let i = 0; i < 4; i++) {
      again.push(
        await kindOf(
          w.service.invite(owner, { method: "phone", displayName: "Q", phone: "+15559999999" }, `203.0.113.${i}`),
        ),
      );
    }
    expect(again.filter((t) => t.startsWith("rate-limited"))).toHaveLength(1);
  });

  it("emails no word of the inviter's: neither the account's name nor the name given to the invitee", async () => {
    await w.profile(OWNER, "enterprise", "Prize-at-evil.example");
    await w.service.invite(owner, { method: "email", displayName: "Claim your refund", email: "eve@example.com" });
    const email = w.sender.sent[0]?.text.replace(/(\/invite\/[^~\s]+~[^~\s]+~)[\w"-]+/g, "$1<token>") ?? "";
    expect(email).toContain("/invite/");
    expect(email).not.toMatch(/evil|prize|refund|Admin/i);
  });

  it("refuses a second invitation to the same address while the first holds", async () => {
    await inviteCarol(w);
    expect(await kindOf(inviteCarol(w))).toMatch(/^conflict: carol@example.com is already invited/);
  });

  it("scans for the person only after they accept, consent and enrol in their own user", async () => {
    await inviteCarol(w);
    const token = w.sender.tokenFor("carol@example.com");
    expect(await w.service.preview(token)).toMatchObject({ accountName: "Ada Admin", displayName: "Carol Chief" });
    const accepted = await w.service.accept(MEMBER, token);
    expect(accepted).toMatchObject({ accountName: "Ada Admin", consentRequired: true });
    expect(await w.service.scannedMembers(OWNER)).toEqual([]);
    expect((await w.service.list(owner)).people[0]?.standing).toMatchObject({ state: "invited", awaiting: "consent" });

    await w.consent.give(MEMBER, CONSENT_VERSION);
    expect((await w.service.list(owner)).people[0]?.standing.state).toBe("consented");
    await w.enrolVoice(MEMBER);
    const [person] = (await w.service.list(owner)).people;
    expect(person?.standing).toMatchObject({ state: "enrolled", scanned: true });
    expect(person?.enrolled).toEqual({ face: false, voice: true });
    expect(await w.service.scannedMembers(OWNER)).toEqual([
      { personId: person?.personId, memberUserId: MEMBER, displayName: "Carol Chief" },
    ]);
    // The same protection seen from Carol's side: a match on her face found for everyone reaches Ada's account.
    expect(await w.service.protectingAccounts(MEMBER)).toEqual([
      { accountId: OWNER, personId: person?.personId, displayName: "Carol Chief" },
    ]);
  });

  it("lets the person withdraw: samples erased, consent withdrawn, no longer scanned, shown withdrawn", async () => {
    await inviteCarol(w);
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    await w.consent.give(MEMBER, CONSENT_VERSION);
    await w.enrolVoice(MEMBER);
    const out = await w.service.withdraw(MEMBER, w.erase);
    expect(out).toEqual({ deleted: { samples: 1 }, withdrawn: 1 });
    expect(await w.accounts.listSamples(MEMBER)).toEqual([]);
    expect(await w.service.scannedMembers(OWNER)).toEqual([]);
    expect(await w.service.protectingAccounts(MEMBER)).toEqual([]);
    const [person] = (await w.service.list(owner)).people;
    expect(person?.standing.state).toBe("withdrawn");
    expect(person?.enrolled).toEqual({ face: false, voice: false });
    expect((await w.service.myProtections(MEMBER)).protections[0]?.standing.state).toBe("withdrawn");
    // Consenting again later does not bring back a protection the person ended.
    await w.consent.give(MEMBER, CONSENT_VERSION);
    expect(await w.service.scannedMembers(OWNER)).toEqual([]);
  });

  it("lets the owner stop protecting a person: no longer scanned, their data left to them", async () => {
    const person = await inviteCarol(w);
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    await w.consent.give(MEMBER, CONSENT_VERSION);
    await w.enrolVoice(MEMBER);
    expect(await w.service.scannedMembers(OWNER)).toHaveLength(1);
    const admin = { userId: "team-admin", accountId: OWNER, role: "admin" as const };
    expect(await kindOf(w.service.remove(admin, person.personId))).toMatch(/^forbidden: /);
    expect(await kindOf(w.service.remove(stranger, person.personId))).toMatch(/^not-found: /);
    expect((await w.service.remove(owner, person.personId)).standing.state).toBe("withdrawn");
    expect(await w.service.scannedMembers(OWNER)).toEqual([]);
    expect(await w.accounts.listSamples(MEMBER)).toHaveLength(1);
    expect((await w.service.myProtections(MEMBER)).protections[0]?.standing.state).toBe("withdrawn");
  });

  it("cancels an invitation not yet used: its link stops working", async () => {
    const person = await inviteCarol(w);
    await w.service.remove(owner, person.personId);
    expect(await kindOf(w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com")))).toMatch(
      /^conflict: This invitation was cancelled/,
    );
  });

  it("no longer lists a protection whose account was deleted", async () => {
    const person = await inviteCarol(w);
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    expect((await w.service.myProtections(MEMBER)).protections).toHaveLength(1);
    w.people.people.delete(`${OWNER}/${person.personId}`);
    expect((await w.service.myProtections(MEMBER)).protections).toEqual([]);
  });

  it("deletes each invitee's record of an account being deleted, and only that account's", async () => {
    await inviteCarol(w);
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    const other = { userId: "owner-2", accountId: "owner-2", role: "owner" as const };
    await w.profile("owner-2", "enterprise", "Bea");
    await w.service.invite(other, { method: "email", displayName: "Carol", email: "carol@example.com" });
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    // An invitation never accepted left nothing in anyone's partition.
    await w.service.invite(owner, { method: "email", displayName: "Dan", email: "dan@example.com" });
    expect(await w.people.listProtections(MEMBER)).toHaveLength(2);

    expect(await w.service.deleteProtectionsBy(OWNER)).toBe(1);
    expect((await w.people.listProtections(MEMBER)).map((p) => p.accountId)).toEqual(["owner-2"]);
    expect((await w.service.myProtections(MEMBER)).protections.map((p) => p.accountName)).toEqual(["Bea Admin"]);
  });

  it("stops scanning a person whose consent was withdrawn by deleting their biometrics", async () => {
    await inviteCarol(w);
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    await w.consent.give(MEMBER, CONSENT_VERSION);
    w.clock.now = new Date(START.getTime() + 60_000);
    await w.erase(MEMBER);
    expect(await w.service.scannedMembers(OWNER)).toEqual([]);
    expect((await w.service.list(owner)).people[0]?.standing.state).toBe("withdrawn");
  });

  it("writes who invited, accepted, withdrew and removed into the account's audit log", async () => {
    const carol = await inviteCarol(w);
    await w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com"));
    await w.service.withdraw(MEMBER, w.erase);
    const dan = await w.service.invite(owner, { method: "email", displayName: "Dan", email: "dan@example.com" });
    await w.service.remove(owner, dan.personId);
    expect(w.audit).toEqual([
      { accountId: OWNER, actor: OWNER, action: "person.invited", subject: carol.personId },
      { accountId: OWNER, actor: MEMBER, action: "person.accepted", subject: carol.personId },
      { accountId: OWNER, actor: MEMBER, action: "person.withdrew", subject: carol.personId },
      { accountId: OWNER, actor: OWNER, action: "person.invited", subject: dan.personId },
      { accountId: OWNER, actor: OWNER, action: "person.removed", subject: dan.personId },
    ]);
  });

  it("takes an invitation once", async () => {
    await inviteCarol(w);
    const token = w.sender.tokenFor("carol@example.com");
    await w.service.accept(MEMBER, token);
    expect(await kindOf(w.service.accept("member-2", token))).toBe("conflict: This invitation has already been used");
    expect(await kindOf(w.service.preview(token))).toBe("conflict: This invitation has already been used");
  });

  it("is accepted only by someone signed in with the address it was sent to, not by whoever holds the link", async () => {
    await inviteCarol(w);
    await w.profile("mallory-1", "personal", "Mallory");
    const token = w.sender.tokenFor("carol@example.com");
    expect(await kindOf(w.service.accept("mallory-1", token))).toMatch(
      /^forbidden: This invitation was sent to another/,
    );
    // Still Carol's to take.
    await w.service.accept(MEMBER, token);
  });

  it("refuses an expired invitation, saying so", async () => {
    await inviteCarol(w);
    w.clock.now = new Date(START.getTime() + 8 * 24 * 60 * 60_000);
    expect(await kindOf(w.service.accept(MEMBER, w.sender.tokenFor("carol@example.com")))).toMatch(
      /^conflict: This invitation expired on 2026-11-30/,
    );
  });

  it("refuses a forged or altered token as not valid", async () => {
    await inviteCarol(w);
    const token = w.sender.tokenFor("carol@example.com");
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await kindOf(w.service.accept(MEMBER, forged))).toMatch(/^not-found: This invitation link is not valid/);
    expect(await kindOf(w.service.accept(MEMBER, "nonsense"))).toMatch(/^not-found: /);
  });

  it("refuses the account holder accepting their own account's invitation", async () => {
    await inviteCarol(w);
    expect(await kindOf(w.service.accept(OWNER, w.sender.tokenFor("carol@example.com")))).toMatch(/^conflict: /);
  });

  it("shows another account's person to nobody else", async () => {
    const person = await inviteCarol(w);
    expect(await kindOf(w.service.get(stranger, person.personId))).toBe("not-found: No such person in your account");
    expect((await w.service.list(stranger)).people).toEqual([]);
  });

  it("lets only the owner invite; the team's admins and analysts see where people stand", async () => {
    const person = await inviteCarol(w);
    const admin = { userId: "team-admin", accountId: OWNER, role: "admin" as const };
    const analyst = { userId: "team-analyst", accountId: OWNER, role: "analyst" as const };
    expect(
      await kindOf(w.service.invite(admin, { method: "email", displayName: "Eve", email: "eve@example.com" })),
    ).toBe("forbidden: Only the account's owner can invite protected people");
    expect((await w.service.list(analyst)).people.map((p) => p.personId)).toEqual([person.personId]);
    expect((await w.service.get(admin, person.personId)).person.displayName).toBe("Carol Chief");
  });

  it("counts each person's threats and notices for the admin", async () => {
    const person = await inviteCarol(w);
    w.threats.push(
      { id: "t1", personId: person.personId, status: "active", threatType: "deepfake", platform: "x", createdAt: "" },
      {
        id: "t2",
        personId: person.personId,
        status: "dismissed",
        threatType: "deepfake",
        platform: "x",
        createdAt: "",
      },
      { id: "t3", personId: "self", status: "active", threatType: "deepfake", platform: "x", createdAt: "" },
    );
    w.notices.push(
      { noticeId: "n1", threatId: "t1", route: "dmca", status: "sent", createdAt: "" },
      { noticeId: "n3", threatId: "t3", route: "dmca", status: "sent", createdAt: "" },
    );
    expect((await w.service.list(owner)).people[0]).toMatchObject({ threats: { total: 2, active: 1 }, notices: 1 });
    const detail = await w.service.get(owner, person.personId);
    expect(detail.threats.map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(detail.notices.map((n) => n.noticeId)).toEqual(["n1"]);
  });
});

describe("the plan's limit on protected people", () => {
  it("counts a protected owner as one: Professional with a consenting owner invites nobody", async () => {
    const w = world("professional");
    await w.profile(OWNER);
    await w.consent.give(OWNER, CONSENT_VERSION);
    expect(await kindOf(inviteCarol(w))).toBe(
      "forbidden: The Professional plan protects 1 person; upgrade to protect more",
    );
    expect(w.sender.sent).toEqual([]);
    expect((await w.service.list(owner)).limit).toEqual({
      tier: "professional",
      maxProtectedPeople: 1,
      used: 1,
      ownerCounted: true,
    });
  });

  it("reads the stored tier: an owner who is not protected may invite one person on Personal", async () => {
    const w = world("personal");
    await w.profile(OWNER);
    await inviteCarol(w);
    expect(
      await kindOf(w.service.invite(owner, { method: "email", displayName: "Eve", email: "eve@example.com" })),
    ).toMatch(/^forbidden: The Personal plan protects 1 person/);
  });

  it("frees the place of an invitation that expired unaccepted", async () => {
    const w = world("personal");
    await w.profile(OWNER);
    await inviteCarol(w);
    w.clock.now = new Date(START.getTime() + 8 * 24 * 60 * 60_000);
    await expect(
      w.service.invite(owner, { method: "email", displayName: "Eve", email: "eve@example.com" }),
    ).resolves.toMatchObject({ displayName: "Eve" });
  });

  it("has no plan limit on Enterprise, whose number of people is set by contract", async () => {
    const w = world("enterprise");
    await w.profile(OWNER);
    await w.consent.give(OWNER, CONSENT_VERSION);
    for (const n of [1, 2, 3]) {
      await w.service.invite(owner, { method: "email", displayName: `Exec ${n}`, email: `exec${n}@example.com` });
    }
    expect((await w.service.list(owner)).limit).toMatchObject({ maxProtectedPeople: null, used: 4 });
  });

  it("caps Enterprise bought per person at the people paid for, and says to add places", async () => {
    const w = world("enterprise");
    w.billing.protectedPeople = 3;
    await w.profile(OWNER);
    await w.consent.give(OWNER, CONSENT_VERSION);
    for (const n of [1, 2]) {
      await w.service.invite(owner, { method: "email", displayName: `Exec ${n}`, email: `exec${n}@example.com` });
    }
    expect(
      await kindOf(w.service.invite(owner, { method: "email", displayName: "Exec 3", email: "exec3@example.com" })),
    ).toMatch(/^conflict: Your Enterprise plan pays for 3 protected people, all in use: add people/);
    expect(w.sender.sent).toHaveLength(2);
    expect((await w.service.list(owner)).limit).toMatchObject({ tier: "enterprise", maxProtectedPeople: 3, used: 3 });
  });
});
