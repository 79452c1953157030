import { TakedownIdParam } from "@lg/domain/takedowns/web-requests";
import { parseParameters } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { takedownCentre } from "../../shared/takedowns/services.js";

/** GET /api/takedowns/{id}: one of the caller's notices with its timeline, clock and text (404 for anyone else's). */
export const getTakedown: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const id = parseParameters(event.pathParameters?.id, TakedownIdParam, "Invalid id");
  return json(200, await takedownCentre().get(userId, id));
};
