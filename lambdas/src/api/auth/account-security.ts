import { ContactChangeInput, ContactVerifyInput, TotpCodeInput } from "@lg/domain/accounts/account-security";
import { Reauthentication } from "@lg/domain/accounts/reauthentication";
import { UndoChangeInput } from "@lg/domain/accounts/security-notices";
import { accountSecurity, securityNotices } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { jsonWithCookies } from "../../shared/http/responses.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { sessionCookie, sessionToken } from "../../shared/http/session.js";

/**
 * The signed-in person's own sign-in security (docs/architecture.md, Sessions): an authenticator
 * app (TOTP) and their email or phone. A change answers a new session cookie: the provider's
 * record moved, which ends sessions opened before it. Setting up, turning off and moving the
 * contact ask for the current password (and app code) in the body: `currentPassword`, `currentCode`.
 */

/** GET /api/auth/mfa */
export const mfaStatus: ApiHandler = async (event) => json(200, await accountSecurity().mfaStatus(sessionToken(event)));

/** POST /api/auth/mfa/setup {currentPassword, currentCode?}: the secret (and otpauth:// link) to add to an authenticator app. */
export const startTotp: ApiHandler = async (event) => {
  const proof = parseJson(event, Reauthentication);
  return json(200, await accountSecurity().startTotp(sessionToken(event), proof, sourceIp(event)));
};

/** POST /api/auth/mfa/enable {code}: a code from the app proves it is set up; sign-in asks for one from now on. */
export const enableTotp: ApiHandler = async (event) => {
  const input = parseJson(event, TotpCodeInput);
  const { sessionToken: next, ...status } = await accountSecurity().enableTotp(sessionToken(event), input);
  return jsonWithCookies(200, status, [sessionCookie(next)]);
};

/** POST /api/auth/mfa/disable {currentPassword, currentCode} */
export const disableTotp: ApiHandler = async (event) => {
  const proof = parseJson(event, Reauthentication);
  const { sessionToken: next, ...status } = await accountSecurity().disableTotp(
    sessionToken(event),
    proof,
    sourceIp(event),
  );
  return jsonWithCookies(200, status, [sessionCookie(next)]);
};

/** GET /api/auth/contact: the email and phone in use. */
export const contact: ApiHandler = async (event) => json(200, await accountSecurity().contact(sessionToken(event)));

/**
 * POST /api/auth/contact {kind, value, currentPassword, currentCode?}: a code goes to the new
 * address; the old one stays until it is entered, and then hears of the change.
 */
export const requestContactChange: ApiHandler = async (event) => {
  const change = parseJson(event, ContactChangeInput);
  const proof = parseJson(event, Reauthentication);
  return json(200, await accountSecurity().requestContactChange(sessionToken(event), change, proof, sourceIp(event)));
};

/** POST /api/auth/undo-change {token}: the link a change's notice carried; no session needed (it may be the thief's). */
export const undoChange: ApiHandler = async (event) => {
  const { token } = parseJson(event, UndoChangeInput);
  return json(200, await securityNotices().undo(token, sourceIp(event)));
};

/** POST /api/auth/contact/verify {kind, code}: the new address replaces the old one. */
export const verifyContactChange: ApiHandler = async (event) => {
  const input = parseJson(event, ContactVerifyInput);
  const { sessionToken: next, ...now } = await accountSecurity().verifyContactChange(sessionToken(event), input);
  return jsonWithCookies(200, now, [sessionCookie(next)]);
};
