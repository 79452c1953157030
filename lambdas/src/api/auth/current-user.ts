import { authService } from "../../shared/accounts-services.js";
import { unauthorized } from "../../shared/http-errors.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { sessionToken } from "../../shared/session.js";

/** GET /api/auth/user: the signed-in user, or 401 'Unauthorized' (the spec's "nothing"). */
export const currentUser: ApiHandler = async (event) => {
  const user = await authService().currentUser(sessionToken(event));
  if (!user) throw unauthorized();
  return json(200, user);
};
