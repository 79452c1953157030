import { createRouteGroup } from "../../shared/http/route-group.js";
import { getHealth } from "./health.js";
import { getMetrics } from "./metrics.js";
import { getStatus } from "./status.js";

export const handler = createRouteGroup("system", {
  "GET /api/health": getHealth,
  "GET /api/system/metrics": getMetrics,
  "GET /api/status": getStatus,
});
