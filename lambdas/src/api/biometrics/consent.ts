import { GiveConsent } from "@lg/domain/biometrics/web-requests";
import { consentService } from "../../shared/biometrics/services.js";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";

/** GET /api/consent: whether consent is still needed, and the text to show. */
export const getConsent: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await consentService().status(userId));
};

/** POST /api/consent {version, agree:true}: recorded with its version and time. */
export const giveConsent: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { version } = parseJson(event, GiveConsent);
  return json(200, await consentService().give(userId, version));
};
