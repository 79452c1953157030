import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { scanStarter } from "../../shared/scanning/services.js";

/** POST /api/scan/force: starts a scan now (one running scan per person at a time). */
export const forceScan: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(202, await scanStarter().start(userId, "force"));
};
