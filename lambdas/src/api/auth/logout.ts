import { redirect } from "../../shared/responses.js";
import type { ApiHandler } from "../../shared/route-group.js";
import { authService } from "../../shared/services.js";
import { clearedSessionCookie, sessionToken } from "../../shared/session.js";

/** GET /api/logout: the session item goes, the refresh token is revoked, the cookie is cleared. */
export const logout: ApiHandler = async (event) => {
  await authService().signOut(sessionToken(event));
  return redirect("/", [clearedSessionCookie()]);
};
