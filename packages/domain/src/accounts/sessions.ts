import { createHash, randomBytes } from "node:crypto";
import type { AccountStore } from "./ports.js";

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

/** The signed-in user id for a cookie value, or null when unknown or expired (TTL only tidies). */
export async function resolveSession(store: AccountStore, token: string, now: Date): Promise<string | null> {
  if (!token) return null;
  const session = await store.getSession(hashSessionToken(token));
  if (!session || session.expiresAt * 1000 <= now.getTime()) return null;
  return session.userId;
}
