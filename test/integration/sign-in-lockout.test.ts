import { describe, expect, inject, it } from "vitest";
import { freshSource, loopbackClient } from "./loopback-source.js";
import { PASSWORD, signUp } from "./signed-up-person.js";

/**
 * Issue 23 item 8 on the local stack: a stranger's wrong passwords are limited at the stranger's
 * address and cannot lock the owner out of signing in from theirs (docs/architecture.md "Limits").
 */
const { url: appUrl } = inject("localStack");
const { postJson } = loopbackClient(appUrl);

describe("sign-in limits that a stranger cannot turn against the owner", () => {
  it("20 wrong passwords from one address are limited there, and the owner still signs in from another", async () => {
    const owner = await signUp(appUrl, "lockout-owner");
    const attacker = freshSource();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (await postJson("/api/login", { username: owner.email, password: "Wrong-horse-1" }, { from: attacker })).status,
      );
    }
    // signInPerAccountSource: 10 attempts per 15 min from one address on one account, then 429.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const rightFromAttacker = await postJson(
      "/api/login",
      { username: owner.email, password: PASSWORD },
      { from: attacker },
    );
    expect(rightFromAttacker.status).toBe(429);

    const fromOwner = await postJson(
      "/api/login",
      { username: owner.email, password: PASSWORD },
      { from: freshSource() },
    );
    expect(fromOwner.status, fromOwner.text).toBe(200);
    expect(fromOwner.headers["set-cookie"]?.some((c) => c.startsWith("lg_session="))).toBe(true);
  }, 120_000);
});
