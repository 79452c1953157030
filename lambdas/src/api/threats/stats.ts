import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatQueries } from "../../shared/threat-queries/services.js";

/** GET /api/stats: counted from stored threats and scans, with what is searched where (accounts/coverage.ts). */
export const getStats: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await threatQueries().stats(userId));
};
