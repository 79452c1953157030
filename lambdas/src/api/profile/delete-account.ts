import { erasureService } from "../../shared/erasure-services.js";
import { jsonWithCookies } from "../../shared/responses.js";
import type { ApiHandler } from "../../shared/route-group.js";
import { clearedSessionCookie, requireUserId } from "../../shared/session.js";

/** DELETE /api/account: erases everything, ends every session, and says what went. */
export const deleteAccount: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const deleted = await erasureService().deleteAccount(userId);
  return jsonWithCookies(200, { deleted }, [clearedSessionCookie()]);
};
