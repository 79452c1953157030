import { describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_ANSWER } from "../../../packages/domain/src/accounts/auth-service.js";
import { RATE_LIMITS, RateLimitExceeded } from "../../../packages/domain/src/accounts/rate-limits.js";
import { DomainError } from "../../../packages/domain/src/errors.js";
import { accountWorld, signedIn } from "./world.js";

const HERE = "198.51.100.7";
const NEW_PASSWORD = "Brand-new-pass-7";

describe("forgot password", () => {
  it("answers the same for a member, a pending sign-up and nobody, and sends a code only to the member", async () => {
    const w = accountWorld();
    await w.member("member@example.com");
    await w.auth.signUp({ method: "email", email: "pending@example.com", password: "Correct-horse-9" }, HERE);
    for (const username of ["member@example.com", "pending@example.com", "nobody@example.com"]) {
      expect(await w.auth.forgotPassword(username, HERE)).toEqual(FORGOT_PASSWORD_ANSWER);
    }
    expect(w.identity.resetCodesSent).toEqual(["member@example.com"]);
  });

  it("sets the new password with the code and signs in with it; the old one stops working", async () => {
    const w = accountWorld();
    const { userId } = await w.member("member@example.com");
    await w.auth.forgotPassword("member@example.com", HERE);
    const { user, sessionToken } = signedIn(
      await w.auth.resetPassword(
        { username: "member@example.com", code: w.identity.code, password: NEW_PASSWORD },
        HERE,
      ),
    );
    expect(user.userId).toBe(userId);
    expect(sessionToken).toBeTruthy();
    await expect(
      w.auth.signIn({ username: "member@example.com", password: "Correct-horse-9" }, HERE),
    ).rejects.toThrow();
  });

  it("rejects an unknown account's reset with the same words as a wrong code", async () => {
    const w = accountWorld();
    await w.member("member@example.com");
    const wrong = await w.auth
      .resetPassword({ username: "member@example.com", code: "000000", password: NEW_PASSWORD }, HERE)
      .catch((e: DomainError) => e);
    const unknown = await w.auth
      .resetPassword({ username: "nobody@example.com", code: "000000", password: NEW_PASSWORD }, HERE)
      .catch((e: DomainError) => e);
    expect(unknown).toBeInstanceOf(DomainError);
    expect((unknown as DomainError).kind).toBe("invalid");
    expect((wrong as DomainError).kind).toBe("invalid");
  });

  it("counts reset codes sent like resends and reset attempts like code checks", async () => {
    const w = accountWorld();
    await w.member("member@example.com");
    for (let i = 0; i < RATE_LIMITS.resendPerAccount.limit; i++) {
      await w.auth.forgotPassword("member@example.com", `192.0.2.${i}`);
    }
    await expect(w.auth.forgotPassword("member@example.com", "192.0.2.99")).rejects.toBeInstanceOf(RateLimitExceeded);
    for (let i = 0; i < RATE_LIMITS.codePerAccount.limit; i++) {
      await w.auth
        .resetPassword({ username: "member@example.com", code: "000000", password: NEW_PASSWORD }, `192.0.2.${i}`)
        .catch(() => undefined);
    }
    await expect(
      w.auth.resetPassword({ username: "member@example.com", code: w.identity.code, password: NEW_PASSWORD }, HERE),
    ).rejects.toBeInstanceOf(RateLimitExceeded);
  });
});
