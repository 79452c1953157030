import { AccountSecurityService } from "@lg/domain/accounts/account-security";
import { describe, expect, it } from "vitest";
import { accountWorld, signedIn } from "./world.js";

const HERE = "192.0.2.10";
const PASSWORD = "Correct-horse-9";

function securityWorld() {
  const w = accountWorld();
  const security = new AccountSecurityService({
    provider: w.identity,
    store: w.store,
    limiter: w.limiter,
    userIdFor: (token) => w.auth.userIdFor(token),
    now: () => w.clock.now,
  });
  return { ...w, security };
}

describe("an authenticator app (TOTP) asked for at sign-in", () => {
  it("is set up with a secret and a code from the app, then sign-in asks for the app's code", async () => {
    const w = securityWorld();
    const { sessionToken } = await w.member("ada@example.com");
    expect(await w.security.mfaStatus(sessionToken)).toEqual({ enabled: false });
    const setup = await w.security.startTotp(sessionToken);
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
    await w.security.startTotp(sessionToken);
    const on = await w.security.enableTotp(sessionToken, { code: w.identity.totpCode });
    const off = await w.security.disableTotp(on.sessionToken);
    expect(off.enabled).toBe(false);
    signedIn(await w.auth.signIn({ username: "ada@example.com", password: PASSWORD }, HERE));
  });
});

describe("changing the email or phone", () => {
  it("keeps the old address until the code sent to the new one is entered", async () => {
    const w = securityWorld();
    const { sessionToken, userId } = await w.member("ada@example.com");
    await w.store.putProfile({ ...(await w.store.getProfile(userId))!, email: "ada@example.com" });
    const sent = await w.security.requestContactChange(sessionToken, { kind: "email", value: "new@example.com" }, HERE);
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

  it("refuses a change from a session that is not signed in", async () => {
    const w = securityWorld();
    await expect(
      w.security.requestContactChange("nope", { kind: "phone", value: "+14155550123" }, HERE),
    ).rejects.toThrow("Unauthorized");
  });
});
