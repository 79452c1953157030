import { isPlatformId } from "@lg/connectors/registry";
import { DynamoUsageRecords } from "@lg/domain/system/adapters/dynamo-usage-records";
import { publicMetrics } from "@lg/domain/system/public-metrics";
import { countUsageFrom, type UsageFigures } from "@lg/domain/system/usage-figures";
import { PLATFORMS } from "@lg/domain/tiers";
import type { APIGatewayProxyResultV2 } from "aws-lambda";
import detectionReport from "../../../../docs/benchmarks/detection.json" with { type: "json" };
import { dynamo } from "../../shared/aws/clients.js";
import { json } from "../../shared/http/route-group.js";
import { logger } from "../../shared/observability.js";
import { once } from "../../shared/once.js";
import { env } from "../../shared/system/env.js";

/** Catalogue platforms that have a connector behind them: what a scan can actually search. */
const monitored = PLATFORMS.filter((p) => isPlatformId(p.id)).length;
const measured = publicMetrics(detectionReport, monitored);

/** Counting scans the table, so one count serves every visitor for a few minutes (as the response's max-age). */
const COUNT_FOR_MS = 5 * 60_000;
const usageRecords = once(() => new DynamoUsageRecords(dynamo, env().TABLE_NAME));
let counted: { at: number; figures: Promise<UsageFigures | undefined> } | undefined;

function usage(): Promise<UsageFigures | undefined> {
  if (!counted || Date.now() - counted.at > COUNT_FOR_MS) {
    const figures = countUsageFrom(usageRecords(), () => new Date()).catch((error: unknown) => {
      // The page then says the figures could not be counted; the next request counts again.
      logger.error("Counting the usage figures failed", { error });
      counted = undefined;
      return undefined;
    });
    counted = { at: Date.now(), figures };
  }
  return counted.figures;
}

/**
 * GET /api/system/metrics: the figures of the public pages. The detection figures are the committed
 * benchmark report (docs/benchmarks/detection.json, written by `npm run bench:detection`), bundled
 * with the function so the page shows exactly what was measured for this build; the usage figures
 * are counted from the table (domain/system/usage-figures.ts).
 */
export const getMetrics = async (): Promise<APIGatewayProxyResultV2> => {
  const figures = await usage();
  return {
    ...(json(200, { ...measured, ...(figures ? { usage: figures } : {}) }) as object),
    headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
  };
};
