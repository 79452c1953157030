import { SignUpInput } from "@lg/domain/accounts/auth-service";
import { authService } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { json } from "../../shared/http/route-group.js";

/** POST /api/auth/signup: Cognito sends a 6-digit code to the email or phone. */
export const signUp: ApiHandler = async (event) => {
  const input = parseJson(event, SignUpInput);
  return json(200, await authService().signUp(input, sourceIp(event)));
};
