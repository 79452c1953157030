import type { APIGatewayProxyResultV2 } from "aws-lambda";
import { json } from "../../shared/http/route-group.js";
import { checkHealth } from "./check-health.js";
import { healthProbes } from "./service-probes.js";

/**
 * GET /api/health: every dependency with its latency. Always 200 with `status` ok or degraded,
 * so the status page can show which service is down instead of a bare error.
 */
export const getHealth = async (): Promise<APIGatewayProxyResultV2> => json(200, await checkHealth(healthProbes()));
