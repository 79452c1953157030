import { describe, expect, it } from "vitest";
import { hashSessionToken } from "../../../packages/domain/src/accounts/sessions.js";
import { accountWorld } from "./world.js";

describe("sessions", () => {
  it("stores only the hash of the cookie value and expires after the session lifetime", async () => {
    const w = accountWorld();
    const { userId, sessionToken } = await w.member("ada@example.com");
    expect(sessionToken).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify([...w.store.items.values()])).not.toContain(sessionToken);
    expect(await w.store.getSession(hashSessionToken(sessionToken))).toMatchObject({ userId });
    w.clock.now = new Date(w.clock.now.getTime() + 8 * 24 * 3600 * 1000);
    expect(await w.auth.currentUser(sessionToken)).toBeNull();
  });

  it("signs out by deleting the session and revoking the provider's refresh token", async () => {
    const w = accountWorld();
    const { userId, sessionToken } = await w.member("ada@example.com");
    await w.auth.signOut(sessionToken);
    expect(await w.auth.currentUser(sessionToken)).toBeNull();
    expect(w.identity.revoked).toHaveLength(1);
    expect(w.identity.revoked[0]).toMatch(new RegExp(`^refresh-${userId}\\.`));
  });
});
