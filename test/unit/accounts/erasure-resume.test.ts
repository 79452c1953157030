import { ERASURE_RESUME_AFTER_MS } from "@lg/domain/accounts/erased-accounts";
import { describe, expect, it } from "vitest";
import { accountWorld } from "./world.js";

/** An erasure cut short by a crash: its tombstone is all that says it began. */
async function interruptedErasure() {
  const w = accountWorld();
  const alice = await w.member("alice@example.com");
  await w.profiles.update(alice.userId, { dataExpiryDays: 30 });
  // The crash: after the biometrics went, before the account's items and its sign-in account.
  const crashing = w.erasureWith({
    manifests: {
      eraseAll: async () => {
        throw new Error("the function was killed");
      },
    },
  });
  await expect(crashing.deleteAccount(alice.userId)).rejects.toThrow("killed");
  return { w, alice };
}

describe("an account erasure interrupted by a crash", () => {
  it("is left half done: the sign-in account and the profile survive, and the tombstone still names it", async () => {
    const { w, alice } = await interruptedErasure();
    expect(await w.store.getProfile(alice.userId)).not.toBeNull();
    expect(w.identity.deleted).toEqual([]);
    expect(w.erased.open.get(alice.userId)).toMatchObject({ userId: alice.userId, username: "alice@example.com" });
  });

  it("is finished from its tombstone by the resume: every item, the sign-in account, and the tombstone names nobody", async () => {
    const { w, alice } = await interruptedErasure();
    const bob = await w.member("bob@example.com");
    w.clock.now = new Date(w.clock.now.getTime() + ERASURE_RESUME_AFTER_MS + 1_000);
    const errors: string[] = [];
    expect(await w.erasure.resumeUnfinished((userId) => errors.push(userId))).toEqual({ resumed: 1, failed: 0 });
    expect(errors).toEqual([]);
    expect([...w.store.items.values()].filter((i) => JSON.stringify(i).includes(alice.userId))).toEqual([]);
    expect(w.identity.deleted).toEqual(["alice@example.com"]);
    expect(await w.auth.currentUser(alice.sessionToken)).toBeNull();
    expect(await w.auth.currentUser(bob.sessionToken)).toMatchObject({ userId: bob.userId });
    expect(w.erased.open.size).toBe(0);
    expect(await w.erased.isErased(alice.userId)).toBe(true);
    // Nothing left to resume.
    expect(await w.erasure.resumeUnfinished(() => undefined)).toEqual({ resumed: 0, failed: 0 });
  });

  it("is left alone while it may still be running, and finished once it cannot be", async () => {
    const { w, alice } = await interruptedErasure();
    expect(await w.erasure.resumeUnfinished(() => undefined)).toEqual({ resumed: 0, failed: 0 });
    expect(await w.store.getProfile(alice.userId)).not.toBeNull();
    w.clock.now = new Date(w.clock.now.getTime() + ERASURE_RESUME_AFTER_MS + 1_000);
    expect(await w.erasure.resumeUnfinished(() => undefined)).toEqual({ resumed: 1, failed: 0 });
  });

  it("a finished erasure leaves no name on its tombstone and nothing to resume", async () => {
    const w = accountWorld();
    const alice = await w.member("alice@example.com");
    await w.erasure.deleteAccount(alice.userId);
    expect(w.erased.open.size).toBe(0);
    w.clock.now = new Date(w.clock.now.getTime() + ERASURE_RESUME_AFTER_MS + 1_000);
    expect(await w.erasure.resumeUnfinished(() => undefined)).toEqual({ resumed: 0, failed: 0 });
  });
});
