import type { APIGatewayProxyResultV2 } from "aws-lambda";
import { json } from "../../shared/http/route-group.js";
import { statusService } from "../../shared/system/services.js";

/** GET /api/status: each component's current state, measured uptime and recent incidents (public). */
export const getStatus = async (): Promise<APIGatewayProxyResultV2> => json(200, await statusService().page());
