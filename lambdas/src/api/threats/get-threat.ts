import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatQueries } from "../../shared/threat-queries/services.js";

/** GET /api/threats/{id}: one of the caller's threats with its audit trail (404 for anyone else's). */
export const getThreat: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await threatQueries().get(userId, event.pathParameters?.id ?? ""));
};
