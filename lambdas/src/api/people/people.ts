import { Reauthentication } from "@lg/domain/accounts/reauthentication";
import { destructiveActions } from "../../shared/accounts/services.js";
import { erasureService } from "../../shared/erasure/services.js";
import { requireActor } from "../../shared/http/actor.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { peopleService } from "../../shared/people/services.js";

/** GET /api/people: the account's protected people, where each stands, and the plan's limit. */
export const listPeople: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, await peopleService().list(actor));
};

/** GET /api/people/{id}: one person of the caller's account and their threats (404 for any other). */
export const getPerson: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, await peopleService().get(actor, event.pathParameters?.id ?? ""));
};

/** DELETE /api/people/{id}: the owner stops protecting the person (their own data stays theirs). */
export const removePerson: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  return json(200, { person: await peopleService().remove(actor, event.pathParameters?.id ?? "") });
};

/** GET /api/people/me: the accounts protecting the caller, and where they stand with each. */
export const myProtections: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await peopleService().myProtections(userId));
};

/**
 * POST /api/people/me/withdraw {currentPassword, currentCode?}: the caller's biometrics deleted,
 * consent withdrawn, every protection ended.
 */
export const withdrawMe: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  // It deletes the biometric data: fresh proof, and every contact told, as DELETE /api/biometric asks.
  const proof = parseJson(event, Reauthentication);
  await destructiveActions().authorise(userId, "biometrics-deletion", proof, sourceIp(event));
  return json(200, await peopleService().withdraw(userId, (id) => erasureService().deleteBiometrics(id)));
};
