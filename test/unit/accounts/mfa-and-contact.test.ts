import { AccountSecurityService } from "@lg/domain/accounts/account-security";
import { SecurityNotices, type UndoRecord } from "@lg/domain/accounts/security-notices";
import { hashSessionToken } from "@lg/domain/accounts/sessions";
import { describe, expect, it } from "vitest";
import { accountWorld, signedIn } from "./world.js";

const HERE = "192.0.2.10";
const PASSWORD = "Correct-horse-9";

/** The current password, as a sensitive change asks for it. */
const proof = { currentPassword: PASSWORD };

function securityWorld() {
  const w = accountWorld();
  const links = new Map<string, UndoRecord>();
  const sent: { to: string; text: string }[] = [];
  const notices = new SecurityNotices({
    links: {
      put: async (record) => void links.set(`${record.userId}/${record.secretHash}`, record),
      take: async (userId, secretHash) => {
        const record = links.get(`${userId}/${secretHash}`) ?? null;
        links.delete(`${userId}/${secretHash}`);
        return record;
      },
    },
    channels: {
      email: async ({ to, text }) => void sent.push({ to, text }),
      sms: async ({ phoneNumber, text }) => void sent.push({ to: phoneNumber, text }),
    },
    provider: w.identity,
    identity: w.identity,
    store: w.store,
    limiter: w.limiter,
    appUrl: "https://app.example",
    now: () => w.clock.now,
  });
  const security = new AccountSecurityService({
    provider: w.identity,
    identity: w.identity,
    notices,
    store: w.store,
    limiter: w.limiter,
    userIdFor: (token) => w.auth.userIdFor(token),
    now: () => w.clock.now,
  });
  /** The undo token in the last notice sent to this address. */
  const undoTokenFor = (to: string) =>
    /\/undo-change#(\S+)/.exec(sent.filter((m) => m.to === to).at(-1)?.text ?? "")?.[1];
  return { ...w, security, notices, sent, undoTokenFor };
}

describe("an authenticator app (TOTP) asked for at sign-in", () => {
  it("is set up with a secret and a code from the app, then sign-in asks for the app's code", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    expect(await w.security.mfaStatus(sessionToken)).toEqual({ enabled: false });
    const setup = await w.security.startTotp(sessionToken, proof, HERE);
    expect(setup.otpauthUri).toBe(
      "otpauth://totp/LikenessGuard%3Aada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=LikenessGuard",
    );
    await expect(w.security.enableTotp(sessionToken, { code: "000000" })).rejects.toThrow("That code is not right.");
    const enabled = await w.security.enableTotp(sessionToken, { code: w.identity.totpCode });
    expect(enabled.enabled).toBe(true);
    // The session that made the change goes on under a new cookie; the old cookie is gone.
    expect(await w.auth.userIdFor(sessionToken)).toBeNull();
    expect(await w.security.mfaStatus(enabled.sessionToken)).toEqual({ enabled: true });

    const challenge = await w.auth.signIn({ username: "ada@example.com", password: PASSWORD }, HERE);
    expect(challenge).toMatchObject({ mfaRequired: true, username: "ada@example.com" });
    if (!("mfaRequired" in challenge)) throw new Error("no challenge");
    await expect(
      w.auth.answerMfa({ username: "ada@example.com", session: challenge.session, code: "111111" }, HERE),
    ).rejects.toThrow(/not right/);
    const session = signedIn(
      await w.auth.answerMfa(
        { username: "ada@example.com", session: challenge.session, code: w.identity.totpCode },
        HERE,
      ),
    );
    expect(await w.auth.userIdFor(session.sessionToken)).toBe(session.user.userId);
  });

  it("ends the person's other sessions once it is on: each was opened with the password alone", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    const elsewhere = signedIn(await w.auth.signIn({ username: "ada@example.com", password: PASSWORD }, HERE));
    await w.security.startTotp(sessionToken, proof, HERE);
    const on = await w.security.enableTotp(sessionToken, { code: w.identity.totpCode });
    expect(await w.auth.userIdFor(elsewhere.sessionToken)).toBeNull();
    expect(await w.auth.userIdFor(on.sessionToken)).toBe(elsewhere.user.userId);
  });

  it("limits code guesses per account, as sign-up codes are", async () => {
    const w = securityWorld();
    await w.member("ada@example.com");
    w.identity.totpUsers.add("ada@example.com");
    const challenge = await w.auth.signIn({ username: "ada@example.com", password: PASSWORD }, HERE);
    if (!("mfaRequired" in challenge)) throw new Error("no challenge");
    const guess = () =>
      w.auth
        .answerMfa({ username: "ada@example.com", session: challenge.session, code: "000000" }, HERE)
        .catch((e: Error) => e.message);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await guess());
    expect(answers.at(-1)).toMatch(/Too many attempts/);
  });

  it("can be turned off, after which sign-in opens a session with the password alone", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    await w.security.startTotp(sessionToken, proof, HERE);
    const on = await w.security.enableTotp(sessionToken, { code: w.identity.totpCode });
    const off = await w.security.disableTotp(on.sessionToken, { ...proof, currentCode: w.identity.totpCode }, HERE);
    expect(off.enabled).toBe(false);
    signedIn(await w.auth.signIn({ username: "ada@example.com", password: PASSWORD }, HERE));
  });
});

describe("changing the email or phone", () => {
  it("keeps the old address until the code sent to the new one is entered", async () => {
    const w = securityWorld();
    const { sessionToken, userId } = await w.member("ada@example.com");
    await w.store.putProfile({ ...(await w.store.getProfile(userId))!, email: "ada@example.com" });
    const sent = await w.security.requestContactChange(
      sessionToken,
      { kind: "email", value: "new@example.com" },
      proof,
      HERE,
    );
    expect(sent).toEqual({ destination: "new@example.com" });
    expect(await w.security.contact(sessionToken)).toEqual({ email: "ada@example.com" });
    await expect(w.security.verifyContactChange(sessionToken, { kind: "email", code: "999999" })).rejects.toThrow(
      "That code is not right.",
    );
    expect((await w.store.getProfile(userId))?.email).toBe("ada@example.com");

    const changed = await w.security.verifyContactChange(sessionToken, { kind: "email", code: w.identity.code });
    expect(changed.email).toBe("new@example.com");
    expect(await w.security.contact(changed.sessionToken)).toEqual({ email: "new@example.com" });
  });

  it("signs every other device out once the new email is confirmed, the device that changed it staying in", async () => {
    const w = securityWorld();
    const { sessionToken, userId } = await w.member("ada@example.com");
    const elsewhere = signedIn(await w.auth.signIn({ username: "ada@example.com", password: PASSWORD }, HERE));
    const elsewhereToken = (await w.store.getSession(hashSessionToken(elsewhere.sessionToken)))?.refreshToken;
    await w.security.requestContactChange(sessionToken, { kind: "email", value: "new@example.com" }, proof, HERE);
    const changed = await w.security.verifyContactChange(sessionToken, { kind: "email", code: w.identity.code });
    expect(await w.auth.userIdFor(elsewhere.sessionToken)).toBeNull();
    expect(w.identity.revoked).toContain(elsewhereToken);
    expect(await w.auth.userIdFor(changed.sessionToken)).toBe(userId);
  });

  it("refuses a change from a session that is not signed in", async () => {
    const w = securityWorld();
    await expect(
      w.security.requestContactChange("nope", { kind: "phone", value: "+14155550123" }, proof, HERE),
    ).rejects.toThrow("Unauthorized");
  });
});

describe("a stolen session cookie alone", () => {
  it("cannot set up an authenticator app, turn it off, or move the email without the current password", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    const wrong = { currentPassword: "guessed-password-1" };
    await expect(w.security.startTotp(sessionToken, wrong, HERE)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(
      w.security.requestContactChange(sessionToken, { kind: "email", value: "thief@example.com" }, wrong, HERE),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(w.identity.contactCodesSent).toEqual([]);
    expect(w.identity.pendingTotp.size).toBe(0);
  });

  it("cannot turn off or re-key a working authenticator app with the password alone: the app's current code too", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    await w.security.startTotp(sessionToken, proof, HERE);
    const on = await w.security.enableTotp(sessionToken, { code: w.identity.totpCode });
    await expect(w.security.disableTotp(on.sessionToken, proof, HERE)).rejects.toThrow(/authenticator app as well/);
    await expect(
      w.security.startTotp(on.sessionToken, { ...proof, currentCode: "000000" }, HERE),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await w.security.mfaStatus(on.sessionToken)).toEqual({ enabled: true });
    // The proof's own provider tokens are not kept as a session.
    expect(w.identity.revoked.length).toBeGreaterThan(0);
  });

  it("cannot guess the password through re-authentication faster than through sign-in", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await w.security.disableTotp(sessionToken, { currentPassword: `guess-${i}` }, HERE).then(
          () => "changed",
          (e: Error) => e.message,
        ),
      );
    }
    expect(answers.at(-1)).toMatch(/Too many attempts/);
  });
});

describe("the old contact, told of each change", () => {
  it("hears of an email change at the old address, with a link that puts it back once and signs every device out", async () => {
    const w = securityWorld();
    const { sessionToken, userId } = await w.member("ada@example.com");
    await w.store.putProfile({ ...(await w.store.getProfile(userId))!, email: "ada@example.com" });
    await w.security.requestContactChange(sessionToken, { kind: "email", value: "thief@example.com" }, proof, HERE);
    const changed = await w.security.verifyContactChange(sessionToken, { kind: "email", code: w.identity.code });
    expect(changed.email).toBe("thief@example.com");
    expect(w.sent.map((m) => m.to)).toEqual(["ada@example.com"]);
    expect(w.sent[0]?.text).toMatch(/email address of your LikenessGuard account was changed/);

    const token = w.undoTokenFor("ada@example.com") ?? "";
    expect(await w.notices.undo(token, HERE)).toEqual({ undone: "email" });
    expect((await w.store.getProfile(userId))?.email).toBe("ada@example.com");
    expect([...w.identity.users.values()].find((u) => u.sub === userId)?.email).toBe("ada@example.com");
    expect(w.identity.signedOutEverywhere).toContain(userId);
    expect(await w.auth.userIdFor(changed.sessionToken)).toBeNull();
    await expect(w.notices.undo(token, HERE)).rejects.toThrow(/expired or was already used/);
  });

  it("hears that the authenticator app was turned off, and of a new one set up", async () => {
    const w = securityWorld();
    const { sessionToken, userId } = await w.member("ada@example.com");
    await w.store.putProfile({ ...(await w.store.getProfile(userId))!, email: "ada@example.com" });
    await w.security.startTotp(sessionToken, proof, HERE);
    const on = await w.security.enableTotp(sessionToken, { code: w.identity.totpCode });
    await w.security.disableTotp(on.sessionToken, { ...proof, currentCode: w.identity.totpCode }, HERE);
    expect(w.sent.map((m) => m.text.split("\n")[0])).toEqual([
      "A new authenticator app was set up for signing in to your LikenessGuard account.",
      "Signing in to your LikenessGuard account no longer asks for an authenticator app code.",
    ]);
    expect(w.undoTokenFor("ada@example.com")).toMatch(new RegExp(`^${userId}\\.`));
  });

  it("refuses a forged or altered link", async () => {
    const w = securityWorld();
    const { userId } = await w.member("ada@example.com");
    await expect(w.notices.undo(`${userId}.not-the-secret`, HERE)).rejects.toThrow(/expired or was already used/);
    await expect(w.notices.undo("garbage", HERE)).rejects.toThrow(/expired or was already used/);
  });
});
