import { isPlatformId } from "@lg/connectors/registry";
import { publicMetrics } from "@lg/domain/system/public-metrics";
import { PLATFORMS } from "@lg/domain/tiers";
import type { APIGatewayProxyResultV2 } from "aws-lambda";
import detectionReport from "../../../../docs/benchmarks/detection.json" with { type: "json" };
import { json } from "../../shared/route-group.js";

/** Catalogue platforms that have a connector behind them: what a scan can actually search. */
const monitored = PLATFORMS.filter((p) => isPlatformId(p.id)).length;
const metrics = publicMetrics(detectionReport, monitored);

/**
 * GET /api/system/metrics: the measured figures of the public pages. The detection figures are the
 * committed benchmark report (docs/benchmarks/detection.json, written by `npm run bench:detection`),
 * bundled with the function so the page shows exactly what was measured for this build.
 */
export const getMetrics = async (): Promise<APIGatewayProxyResultV2> => ({
  ...(json(200, metrics) as object),
  headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
});
