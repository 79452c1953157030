import { authService } from "../../shared/accounts/services.js";
import { unauthorized } from "../../shared/http/http-errors.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { sessionToken } from "../../shared/http/session.js";

/**
 * GET /api/auth/user: the signed-in user; `null` for a visitor who presents no session (signed out is
 * an answer, not an error: a 401 on every public page was logged as a failed request in each
 * visitor's console, issue 36 item 25); 401 'Unauthorized' for a session that is no longer valid.
 */
export const currentUser: ApiHandler = async (event) => {
  const token = sessionToken(event);
  if (!token) return json(200, null);
  const user = await authService().currentUser(token);
  if (!user) throw unauthorized();
  return json(200, user);
};
