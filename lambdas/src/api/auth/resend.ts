import { ResendInput } from "@lg/domain/accounts/auth-service";
import { authService } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

/** POST /api/auth/resend: a fresh code when a sign-up is waiting; the answer is the same either way. */
export const resend: ApiHandler = async (event) => {
  const { username } = parseJson(event, ResendInput);
  return json(200, await authService().resend(username, sourceIp(event)));
};
