import { type ApiHandler, json } from "../../shared/route-group.js";
import { scanStarter } from "../../shared/scanning-services.js";
import { requireUserId } from "../../shared/session.js";

/** POST /api/scan/force: starts a scan now (one running scan per person at a time). */
export const forceScan: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(202, await scanStarter().start(userId, "force"));
};
