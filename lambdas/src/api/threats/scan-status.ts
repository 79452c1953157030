import { scanProgressView } from "@lg/domain/scanning/scan-progress";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { threatQueries } from "../../shared/threat-queries/services.js";

/** GET /api/scan/status: the latest scan's progress (platforms, items, threats so far), or idle. */
export const scanStatus: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const latest = await threatQueries().latestScan(userId);
  return json(200, latest ? scanProgressView(latest) : { status: "idle" });
};
