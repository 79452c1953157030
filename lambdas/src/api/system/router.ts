import { createRouteGroup } from "../../shared/route-group.js";
import { getHealth } from "./health.js";

export const handler = createRouteGroup("system", { "GET /api/health": getHealth });
