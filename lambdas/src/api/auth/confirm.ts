import { ConfirmInput } from "@lg/domain/accounts/auth-service";
import { parseJson, sourceIp } from "../../shared/request.js";
import { jsonWithCookies } from "../../shared/responses.js";
import type { ApiHandler } from "../../shared/route-group.js";
import { authService } from "../../shared/services.js";
import { sessionCookie } from "../../shared/session.js";

/** POST /api/auth/confirm: checks the code, then signs the new account in. */
export const confirm: ApiHandler = async (event) => {
  const input = parseJson(event, ConfirmInput);
  const { user, sessionToken } = await authService().confirm(input, sourceIp(event));
  return jsonWithCookies(200, { user }, [sessionCookie(sessionToken)]);
};
