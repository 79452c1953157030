import { MfaAnswerInput, SignInInput } from "@lg/domain/accounts/auth-service";
import { authService } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { redirect, safeRelativePath } from "../../shared/http/responses.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { signedInResponse } from "./signed-in.js";

/** GET /api/login: the spec's full-page sign-in navigation lands on the sign-in screen. */
export const loginPage: ApiHandler = async (event) => {
  const next = safeRelativePath(event.queryStringParameters?.next);
  return redirect(`/signin?next=${encodeURIComponent(next)}`);
};

/** POST /api/login: username (email or phone) and password; the session is a cookie. */
export const login: ApiHandler = async (event) => {
  const input = parseJson(event, SignInInput);
  return signedInResponse(await authService().signIn(input, sourceIp(event)));
};

/** POST /api/auth/mfa-challenge: the authenticator app's code that a password sign-in asked for. */
export const answerMfaChallenge: ApiHandler = async (event) => {
  const input = parseJson(event, MfaAnswerInput);
  return signedInResponse(await authService().answerMfa(input, sourceIp(event)));
};
