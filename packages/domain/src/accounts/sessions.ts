import { createHash, randomBytes } from "node:crypto";
import type { AccountStore, IdentityProvider } from "./ports.js";

export const SESSION_COOKIE = "lg_session";
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** 32 random bytes: the only secret the browser holds. */
export const newSessionToken = () => randomBytes(32).toString("base64url");

/** The table keeps only this hash, so a leaked table cannot be replayed as cookies. */
export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function openSession(
  store: AccountStore,
  userId: string,
  now: Date,
  refreshToken?: string,
): Promise<string> {
  const token = newSessionToken();
  await store.putSession({
    sessionHash: hashSessionToken(token),
    userId,
    ...(refreshToken ? { refreshToken } : {}),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS,
  });
  return token;
}

/** How long a session trusts what the identity provider last said about its account. */
export const ACCOUNT_RECHECK_SECONDS = 60;
/** Clocks of the provider and of the handlers may differ a little; sign-in follows confirmation at once. */
const CLOCK_SKEW_MS = 5_000;

/** Re-checking the account behind a session against the identity provider. */
export interface AccountCheck {
  identity: Pick<IdentityProvider, "accountStatus" | "signOutEverywhere" | "revoke" | "refreshTokenValid">;
  recheckSeconds: number;
}

/**
 * The signed-in user id for a cookie value, or null when unknown or expired (TTL only tidies).
 * With `check`, a session whose account was disabled, deleted or changed (a new password) since
 * it was opened ends, with every other session of that account, at the latest `recheckSeconds`
 * after the change; so does a session whose refresh token the provider revoked (global sign-out).
 */
export async function resolveSession(
  store: AccountStore,
  token: string,
  now: Date,
  check?: AccountCheck,
): Promise<string | null> {
  if (!token) return null;
  const session = await store.getSession(hashSessionToken(token));
  if (!session || session.expiresAt * 1000 <= now.getTime()) return null;
  if (!check) return session.userId;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const checkedAt = session.checkedAt ?? Math.floor(Date.parse(session.createdAt) / 1000);
  if (nowSeconds - checkedAt < check.recheckSeconds) return session.userId;
  const status = await check.identity.accountStatus(session.userId);
  if (status.state !== "active") {
    await endSessions(store, check.identity, session.userId, { signOutEverywhere: status.state === "disabled" });
    return null;
  }
  const changedAt = status.changedAt?.getTime();
  if (changedAt !== undefined && changedAt > Date.parse(session.createdAt) + CLOCK_SKEW_MS) {
    // A new password (or other change): sessions opened before it end, those opened after stay.
    await endSessions(store, check.identity, session.userId, { openedBefore: changedAt - CLOCK_SKEW_MS });
    return null;
  }
  if (session.refreshToken && !(await check.identity.refreshTokenValid(session.refreshToken))) {
    // A global sign-out (an administrator's, or "Sign out of all devices") revoked the provider's
    // tokens without changing the user, so each session finds it out from its own token.
    await store.deleteSession(session.sessionHash);
    return null;
  }
  await store.putSession({ ...session, checkedAt: nowSeconds });
  return session.userId;
}

/**
 * Deletes the account's sessions (all, or those opened before `openedBefore`, epoch ms) and
 * revokes their refresh tokens; `signOutEverywhere` also revokes every token the provider issued.
 */
export async function endSessions(
  store: AccountStore,
  identity: AccountCheck["identity"],
  userId: string,
  options: { openedBefore?: number; signOutEverywhere?: boolean } = {},
): Promise<void> {
  const { openedBefore } = options;
  const sessions = (await store.listSessions(userId)).filter(
    (s) => openedBefore === undefined || Date.parse(s.createdAt) < openedBefore,
  );
  await Promise.all(sessions.map((s) => store.deleteSession(s.sessionHash)));
  // The sessions are gone already; a provider that cannot revoke must not keep anyone signed in.
  await Promise.all(
    sessions.flatMap((s) => (s.refreshToken ? [identity.revoke(s.refreshToken).catch(() => undefined)] : [])),
  );
  if (options.signOutEverywhere) await identity.signOutEverywhere(userId).catch(() => undefined);
}
