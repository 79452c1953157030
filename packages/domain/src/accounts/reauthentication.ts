import { z } from "zod";
import { DomainError } from "../errors.js";
import type { IdentityProvider } from "./ports.js";
import { accountAttemptHits, type RateLimiter } from "./rate-limits.js";

/**
 * What a sensitive change asks for besides the session (OWASP ASVS V3.7.1): the current password,
 * and the authenticator app's current code when the account has one. A stolen session cookie
 * alone cannot turn the app off, re-key it, or move the account's email or phone.
 */
export const Reauthentication = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(256, "Enter your current password"),
  currentCode: z
    .string()
    .trim()
    .max(6, "Enter the current 6-digit code from your authenticator app")
    .regex(/^\d{6}$/, "Enter the current 6-digit code from your authenticator app")
    .optional(),
});
export type Reauthentication = z.infer<typeof Reauthentication>;

const NOT_RIGHT = "Your current password or authenticator code is not right.";

/** 403, not 401: the session is fine; a 401 would sign the person out of the page they are on. */
const refuse = (error: unknown): never => {
  if (error instanceof DomainError && error.kind === "rate-limited") throw error;
  throw new DomainError("forbidden", NOT_RIGHT);
};

export interface ReauthenticationDeps {
  identity: Pick<IdentityProvider, "signIn" | "answerMfaChallenge" | "revoke">;
  limiter: RateLimiter;
}

/**
 * Proves the person at the keyboard knows the account's factors now: a password sign-in (and its
 * authenticator challenge) at the provider, counted against the same limits as sign-in, so a
 * stolen session cannot guess the password through it. The proof's own tokens are revoked at once.
 */
export async function reauthenticate(
  deps: ReauthenticationDeps,
  account: { userId: string; username: string },
  proof: Reauthentication,
  source: string,
): Promise<void> {
  await deps.limiter.consume(...accountAttemptHits("signIn", account.username, source));
  const first = await deps.identity.signIn(account.username, proof.currentPassword).catch(refuse);
  let proved = first;
  if ("mfaSession" in first) {
    if (!proof.currentCode) {
      throw new DomainError("forbidden", "Enter the current code from your authenticator app as well.");
    }
    await deps.limiter.consume({ rule: "codePerAccount", subject: account.userId });
    proved = await deps.identity
      .answerMfaChallenge(account.username, first.mfaSession, proof.currentCode)
      .catch(refuse);
  }
  if (!("identity" in proved) || proved.identity.userId !== account.userId)
    throw new DomainError("forbidden", NOT_RIGHT);
  if (proved.refreshToken) await deps.identity.revoke(proved.refreshToken).catch(() => undefined);
}
