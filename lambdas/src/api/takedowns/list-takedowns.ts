import { ListTakedownsQuery } from "@lg/domain/takedowns/web-requests";
import { parseParameters } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { takedownCentre } from "../../shared/takedowns/services.js";

/** GET /api/takedowns: the caller's notices, newest first, a page at a time, optionally one state. */
export const listTakedowns: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const query = parseParameters(event.queryStringParameters ?? {}, ListTakedownsQuery, "Invalid query");
  return json(200, await takedownCentre().list(userId, query));
};
