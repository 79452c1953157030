import { Reauthentication } from "@lg/domain/accounts/reauthentication";
import { destructiveActions } from "../../shared/accounts/services.js";
import { erasureService } from "../../shared/erasure/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { jsonWithCookies } from "../../shared/http/responses.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { clearedSessionCookie, requireUserId } from "../../shared/http/session.js";

/**
 * DELETE /api/account {currentPassword, currentCode?}: with fresh proof (a session alone is not
 * enough), erases everything, ends every session, and says what went; every contact hears of it.
 */
export const deleteAccount: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const proof = parseJson(event, Reauthentication);
  await destructiveActions().authorise(userId, "account-deletion", proof, sourceIp(event));
  const deleted = await erasureService().deleteAccount(userId);
  return jsonWithCookies(200, { deleted }, [clearedSessionCookie()]);
};
