import type { SignInResult } from "@lg/domain/accounts/auth-service";
import { jsonWithCookies } from "../../shared/http/responses.js";
import { json } from "../../shared/http/route-group.js";
import { sessionCookie } from "../../shared/http/session.js";

/**
 * The answer of every step that signs in: the session cookie, or (an account with an authenticator
 * app) what the sign-in page needs to ask for the app's code (POST /api/auth/mfa-challenge).
 */
export function signedInResponse(result: SignInResult) {
  if ("mfaRequired" in result) {
    return json(200, { mfaRequired: true, username: result.username, session: result.session });
  }
  return jsonWithCookies(200, { user: result.user }, [sessionCookie(result.sessionToken)]);
}
