import { ForgotPasswordInput, ResetPasswordInput } from "@lg/domain/accounts/auth-service";
import { authService } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { signedInResponse } from "./signed-in.js";

/** POST /api/auth/forgot-password: a reset code when the account exists; the answer is the same either way. */
export const forgotPassword: ApiHandler = async (event) => {
  const { username } = parseJson(event, ForgotPasswordInput);
  return json(200, await authService().forgotPassword(username, sourceIp(event)));
};

/** POST /api/auth/reset-password: the code and a new password; then the person is signed in. */
export const resetPassword: ApiHandler = async (event) => {
  const input = parseJson(event, ResetPasswordInput);
  return signedInResponse(await authService().resetPassword(input, sourceIp(event)));
};
