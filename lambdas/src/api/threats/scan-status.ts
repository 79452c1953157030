import { type ApiHandler, json } from "../../shared/route-group.js";
import { threatQueries } from "../../shared/scanning-services.js";
import { requireUserId } from "../../shared/session.js";

/** GET /api/scan/status: the latest scan's progress, or idle. */
export const scanStatus: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, (await threatQueries().latestScan(userId)) ?? { status: "idle" });
};
