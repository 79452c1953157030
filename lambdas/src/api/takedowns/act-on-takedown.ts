import { TakedownActionBody, TakedownIdParam } from "@lg/domain/takedowns/web-requests";
import { parseJson, parseParameters } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { takedownCentre } from "../../shared/takedowns/services.js";

/**
 * POST /api/takedowns/{id}/actions: close the case (re-checks stop), record the platform's answer
 * as the caller reports it (acknowledged, rejected), or escalate. 409 when the state does not allow it.
 */
export const actOnTakedown: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const id = parseParameters(event.pathParameters?.id, TakedownIdParam, "Invalid id");
  const { action, note } = parseJson(event, TakedownActionBody);
  return json(200, await takedownCentre().act(userId, id, action, note));
};
