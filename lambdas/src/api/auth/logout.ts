import { authService } from "../../shared/accounts/services.js";
import { jsonWithCookies } from "../../shared/http/responses.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { clearedSessionCookie, sessionToken } from "../../shared/http/session.js";

/**
 * POST /api/logout: the session item goes, the refresh token is revoked, the cookie is cleared.
 * A POST, so no link or image on another site can sign anyone out (CSRF rule, docs/architecture.md).
 */
export const logout: ApiHandler = async (event) => {
  await authService().signOut(sessionToken(event));
  return jsonWithCookies(200, { signedOut: true }, [clearedSessionCookie()]);
};

/** POST /api/logout/everywhere: "Sign out of all devices"; every session of the person ends, this one too. */
export const logoutEverywhere: ApiHandler = async (event) => {
  await authService().signOutEverywhere(sessionToken(event));
  return jsonWithCookies(200, { signedOut: true }, [clearedSessionCookie()]);
};
