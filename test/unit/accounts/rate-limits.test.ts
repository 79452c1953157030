import { describe, expect, it } from "vitest";
import { RESEND_ANSWER, RESET_WAY_IN } from "../../../packages/domain/src/accounts/auth-service.js";
import { RATE_LIMITS, RateLimitExceeded } from "../../../packages/domain/src/accounts/rate-limits.js";
import { DomainError } from "../../../packages/domain/src/errors.js";
import { accountWorld, signedIn } from "./world.js";

const PASSWORD = "Correct-horse-9";
const HERE = "198.51.100.7";

async function attempt<T>(work: () => Promise<T>): Promise<T | DomainError> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    return new DomainError("unauthorized", "provider refused");
  }
}

describe("rate limits of our own", () => {
  it("refuses the sixth code for one account within the window, even with the right code, and says when to retry", async () => {
    const w = accountWorld();
    await w.auth.signUp({ method: "email", email: "ada@example.com", password: PASSWORD }, HERE);
    for (let i = 0; i < RATE_LIMITS.codePerAccount.limit; i++) {
      // Wrong codes from different places: the per-account limit holds whatever the source.
      await attempt(() =>
        w.auth.confirm({ username: "ada@example.com", code: "000000", password: PASSWORD }, `203.0.113.${i}`),
      );
    }
    const refused = await attempt(() =>
      w.auth.confirm({ username: "ada@example.com", code: w.identity.code, password: PASSWORD }, HERE),
    );
    expect(refused).toBeInstanceOf(RateLimitExceeded);
    expect((refused as RateLimitExceeded).kind).toBe("rate-limited");
    expect((refused as RateLimitExceeded).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as RateLimitExceeded).retryAfterSeconds).toBeLessThanOrEqual(
      RATE_LIMITS.codePerAccount.windowSeconds,
    );
    expect((refused as Error).message).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);

    w.clock.now = new Date(w.clock.now.getTime() + RATE_LIMITS.codePerAccount.windowSeconds * 1000);
    const accepted = await w.auth.confirm(
      { username: "ada@example.com", code: w.identity.code, password: PASSWORD },
      HERE,
    );
    expect(signedIn(accepted).sessionToken).toBeTruthy();
  });

  it("answers an unknown account and a wrong password alike, and limits both the same way", async () => {
    const w = accountWorld();
    await w.member("known@example.com");
    const outcomes: string[] = [];
    for (const username of ["known@example.com", "nobody@example.com"]) {
      const seen: string[] = [];
      for (let i = 0; i <= RATE_LIMITS.signInPerAccount.limit; i++) {
        const result = await attempt(() => w.auth.signIn({ username, password: "Wrong-pass-1" }, `203.0.113.${i}`));
        seen.push(result instanceof DomainError ? result.kind : "signed-in");
      }
      outcomes.push(seen.join(","));
    }
    expect(outcomes[0]).toBe(outcomes[1]);
    expect(outcomes[0]?.split(",").at(-1)).toBe("rate-limited");
  });

  it("limits a stranger's wrong passwords at their address and leaves the owner's own address open", async () => {
    const w = accountWorld();
    await w.member("owner@example.com");
    const attacker = "203.0.113.66";
    const kinds: string[] = [];
    // More than the account's backstop: requests refused at the attacker's own limit spend nothing else.
    const tries = RATE_LIMITS.signInPerAccount.limit + 10;
    for (let i = 0; i < tries; i++) {
      const result = await attempt(() =>
        w.auth.signIn({ username: "owner@example.com", password: "Wrong-1" }, attacker),
      );
      kinds.push(result instanceof DomainError ? result.kind : "signed-in");
    }
    expect(kinds.filter((k) => k === "rate-limited")).toHaveLength(tries - RATE_LIMITS.signInPerAccountSource.limit);
    const owner = await w.auth.signIn({ username: "owner@example.com", password: PASSWORD }, HERE);
    expect(signedIn(owner).sessionToken).toBeTruthy();
  });

  it("when guesses from many addresses spend the account's backstop, a reset code still signs the owner in", async () => {
    const w = accountWorld();
    await w.member("owner@example.com");
    for (let i = 0; i < RATE_LIMITS.signInPerAccount.limit; i++) {
      await attempt(() =>
        w.auth.signIn({ username: "owner@example.com", password: "Wrong-1" }, `203.0.${Math.floor(i / 9)}.${i}`),
      );
    }
    const refused = await attempt(() => w.auth.signIn({ username: "owner@example.com", password: PASSWORD }, HERE));
    expect(refused).toBeInstanceOf(RateLimitExceeded);
    expect((refused as Error).message).toContain(RESET_WAY_IN);
    await w.auth.forgotPassword("owner@example.com", HERE);
    const reset = await w.auth.resetPassword(
      { username: "owner@example.com", code: w.identity.code, password: "New-horse-77" },
      HERE,
    );
    expect(signedIn(reset).sessionToken).toBeTruthy();
  });

  it("counts sign-in attempts per source across accounts", async () => {
    const w = accountWorld();
    for (let i = 0; i < RATE_LIMITS.signInPerSource.limit; i++) {
      await attempt(() => w.auth.signIn({ username: `guess-${i}@example.com`, password: "x" }, HERE));
    }
    const refused = await attempt(() => w.auth.signIn({ username: "fresh@example.com", password: "x" }, HERE));
    expect(refused).toBeInstanceOf(RateLimitExceeded);
    const elsewhere = await attempt(() => w.auth.signIn({ username: "fresh@example.com", password: "x" }, "192.0.2.1"));
    expect(elsewhere).not.toBeInstanceOf(RateLimitExceeded);
  });

  it("gives resend the same answer for unknown, waiting and confirmed accounts, and limits it per account", async () => {
    const w = accountWorld();
    await w.member("done@example.com");
    await w.auth.signUp({ method: "email", email: "waiting@example.com", password: PASSWORD }, HERE);
    w.identity.resendCode = async (username: string) => {
      const user = w.identity.users.get(username);
      if (!user) throw new DomainError("not-found", "No sign-up is waiting");
      if (user.confirmed) throw new DomainError("conflict", "Already confirmed");
      return { destination: username };
    };
    for (const username of ["nobody@example.com", "waiting@example.com", "done@example.com"]) {
      expect(await w.auth.resend(username, `203.0.113.${username.length}`)).toEqual(RESEND_ANSWER);
    }
    for (let i = 1; i < RATE_LIMITS.resendPerAccount.limit; i++)
      await w.auth.resend("waiting@example.com", `192.0.2.${i}`);
    await expect(w.auth.resend("waiting@example.com", "192.0.2.99")).rejects.toBeInstanceOf(RateLimitExceeded);
  });

  it("texts at most three numbers from one source, and one number at most three times", async () => {
    const w = accountWorld();
    for (let i = 0; i < RATE_LIMITS.smsPerSource.limit; i++) {
      await w.auth.signUp({ method: "phone", phone: `+1415555010${i}`, password: PASSWORD }, HERE);
    }
    await expect(
      w.auth.signUp({ method: "phone", phone: "+14155550199", password: PASSWORD }, HERE),
    ).rejects.toBeInstanceOf(RateLimitExceeded);
    // Email sign-ups from the same place still go through: only texts are spent.
    await w.auth.signUp({ method: "email", email: "mail@example.com", password: PASSWORD }, HERE);

    const victim = "+14155550142";
    await w.auth.signUp({ method: "phone", phone: victim, password: PASSWORD }, "192.0.2.1");
    await w.auth.resend(victim, "192.0.2.2");
    await w.auth.resend(victim, "192.0.2.3");
    await expect(w.auth.resend(victim, "192.0.2.4")).rejects.toBeInstanceOf(RateLimitExceeded);
  });

  it("keeps hashes, never usernames or addresses, in the counter keys", async () => {
    const w = accountWorld();
    await attempt(() => w.auth.signIn({ username: "ada@example.com", password: "x" }, HERE));
    const keys = [...w.counters.hits.keys()].join(" ");
    expect(keys).not.toContain("ada@example.com");
    expect(keys).not.toContain(HERE);
    expect(keys).toMatch(/signInPerAccount#[0-9a-f]{64}/);
  });
});
