import { describe, expect, it } from "vitest";
import { ACCOUNT_RECHECK_SECONDS } from "../../../packages/domain/src/accounts/sessions.js";
import { accountWorld, signedIn } from "./world.js";

const later = (w: ReturnType<typeof accountWorld>, seconds: number) => {
  w.clock.now = new Date(w.clock.now.getTime() + seconds * 1000);
};

const signInAgain = async (w: ReturnType<typeof accountWorld>) =>
  signedIn(await w.auth.signIn({ username: "ada@example.com", password: "Correct-horse-9" }, "192.0.2.1"));

/** One person signed in on two devices. */
async function twoDevices() {
  const w = accountWorld();
  const first = await w.member("ada@example.com");
  return { w, first, second: await signInAgain(w) };
}

describe("sessions end with the account behind them", () => {
  it("trusts a session for the recheck lifetime, then asks the identity provider again", async () => {
    const w = accountWorld();
    const { userId, sessionToken } = await w.member("ada@example.com");
    expect(await w.auth.userIdFor(sessionToken)).toBe(userId);
    expect(w.identity.statusChecks).toEqual([]);
    later(w, ACCOUNT_RECHECK_SECONDS);
    expect(await w.auth.userIdFor(sessionToken)).toBe(userId);
    expect(w.identity.statusChecks).toEqual([userId]);
    // Checked just now: the next request does not ask again.
    expect(await w.auth.userIdFor(sessionToken)).toBe(userId);
    expect(w.identity.statusChecks).toHaveLength(1);
  });

  it("ends every session of a disabled account and signs it out everywhere", async () => {
    const w = accountWorld();
    const first = await w.member("ada@example.com");
    const second = signedIn(
      await w.auth.signIn({ username: "ada@example.com", password: "Correct-horse-9" }, "192.0.2.1"),
    );
    w.identity.users.get("ada@example.com")!.enabled = false;
    later(w, ACCOUNT_RECHECK_SECONDS);
    expect(await w.auth.userIdFor(first.sessionToken)).toBeNull();
    expect(await w.auth.userIdFor(second.sessionToken)).toBeNull();
    expect(await w.store.listSessions(first.userId)).toEqual([]);
    expect(w.identity.signedOutEverywhere).toEqual([first.userId]);
    expect(w.identity.revoked.filter((t) => t.startsWith(`refresh-${first.userId}.`))).toHaveLength(2);
  });

  it("ends the session of a deleted account", async () => {
    const w = accountWorld();
    const { sessionToken } = await w.member("ada@example.com");
    w.identity.users.delete("ada@example.com");
    later(w, ACCOUNT_RECHECK_SECONDS);
    expect(await w.auth.currentUser(sessionToken)).toBeNull();
    expect(w.identity.signedOutEverywhere).toEqual([]);
  });

  it("ends sessions opened before a password change, and keeps those opened after it", async () => {
    const w = accountWorld();
    const before = await w.member("ada@example.com");
    later(w, 30);
    w.identity.users.get("ada@example.com")!.changedAt = w.clock.now;
    later(w, 10);
    const after = signedIn(
      await w.auth.signIn({ username: "ada@example.com", password: "Correct-horse-9" }, "192.0.2.1"),
    );
    later(w, ACCOUNT_RECHECK_SECONDS);
    expect(await w.auth.userIdFor(before.sessionToken)).toBeNull();
    expect(await w.auth.userIdFor(after.sessionToken)).toBe(before.userId);
    expect(w.identity.revoked).toHaveLength(1);
    expect(w.identity.revoked[0]).toMatch(new RegExp(`^refresh-${before.userId}\\.`));
  });

  it("ends each session within the recheck once a global sign-out revoked the provider's tokens", async () => {
    const { w, first, second } = await twoDevices();
    // An administrator's AdminUserGlobalSignOut: the user is not modified, only the tokens revoked.
    await w.identity.signOutEverywhere(first.userId);
    expect(await w.auth.userIdFor(first.sessionToken)).toBe(first.userId);
    later(w, ACCOUNT_RECHECK_SECONDS);
    expect(await w.auth.userIdFor(first.sessionToken)).toBeNull();
    expect(await w.auth.userIdFor(second.sessionToken)).toBeNull();
    const fresh = await signInAgain(w);
    later(w, ACCOUNT_RECHECK_SECONDS);
    expect(await w.auth.userIdFor(fresh.sessionToken)).toBe(first.userId);
  });

  it("signs out of all devices at once from one of them", async () => {
    const { w, first, second } = await twoDevices();
    await w.auth.signOutEverywhere(second.sessionToken);
    expect(await w.auth.userIdFor(first.sessionToken)).toBeNull();
    expect(await w.auth.userIdFor(second.sessionToken)).toBeNull();
    expect(w.identity.signedOutEverywhere).toEqual([first.userId]);
  });
});
