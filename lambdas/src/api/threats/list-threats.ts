import { type ApiHandler, json } from "../../shared/route-group.js";
import { threatQueries } from "../../shared/scanning-services.js";
import { requireUserId } from "../../shared/session.js";

/** GET /api/threats: the caller's threats, newest first. */
export const listThreats: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await threatQueries().list(userId));
};
