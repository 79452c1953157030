import http from "node:http";
import type { SqlValue } from "@lg/domain/gallery/sql-port";
import type { PgliteSql } from "../stand-ins/pglite-sql.js";
import { AwsError } from "./aws-error.js";
import { listen, type RunningServer, readBody } from "./http-server.js";
import { sendRestJson, sendRestJsonError } from "./rest-json.js";

export interface RdsDataStandIn {
  /** The cluster and secret a caller must name, as IAM would scope them in AWS. */
  resourceArn: string;
  secretArn: string;
  database: string;
  sql: PgliteSql;
  /**
   * Each statement, as the Data API bills requests, with the milliseconds Postgres took over it: the
   * database's share of a caller's time, which in AWS runs on Aurora, not in the calling function
   * (bench:crawl prices the statements and keeps that time apart from the function's).
   */
  onStatement?: (milliseconds: number) => void;
}

interface Field {
  isNull?: boolean;
  stringValue?: string;
  longValue?: number;
  doubleValue?: number;
  booleanValue?: boolean;
}

const fieldValue = (name: string, field: Field): SqlValue => {
  if (field.isNull) return null;
  for (const v of [field.stringValue, field.longValue, field.doubleValue, field.booleanValue])
    if (v !== undefined) return v;
  throw new AwsError("BadRequestException", `Parameter ${name} has no value of a supported type`);
};

/**
 * The RDS Data API's ExecuteStatement (formatRecordsAs JSON, as the gallery's adapter asks) over
 * Postgres + pgvector in this process, so handlers, worker processes and tests reach the local
 * gallery through the same SDK call as Aurora. One statement per call, as the Data API runs them.
 */
export async function startRdsDataServer(standIn: RdsDataStandIn): Promise<RunningServer> {
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method !== "POST" || req.url !== "/Execute") {
        throw new AwsError(
          "BadRequestException",
          `The gallery stand-in answers POST /Execute only, not ${req.method} ${req.url}`,
        );
      }
      const body = JSON.parse((await readBody(req, 4 * 1024 * 1024)).toString("utf8")) as {
        resourceArn?: string;
        secretArn?: string;
        database?: string;
        sql?: string;
        parameters?: { name: string; value: Field }[];
        formatRecordsAs?: string;
      };
      if (body.resourceArn !== standIn.resourceArn || body.secretArn !== standIn.secretArn) {
        throw new AwsError("ForbiddenException", "No access to this cluster with this secret", 403);
      }
      if (body.database && body.database !== standIn.database) {
        throw new AwsError("BadRequestException", `Database ${body.database} does not exist`);
      }
      if (!body.sql) throw new AwsError("BadRequestException", "sql is required");
      if (body.formatRecordsAs !== "JSON") {
        throw new AwsError(
          "BadRequestException",
          "The gallery stand-in returns records as JSON only (formatRecordsAs JSON)",
        );
      }
      const params = Object.fromEntries((body.parameters ?? []).map((p) => [p.name, fieldValue(p.name, p.value)]));
      let rows: Awaited<ReturnType<PgliteSql["execute"]>>;
      const started = performance.now();
      try {
        rows = await standIn.sql.execute(body.sql, params);
      } catch (error) {
        // Postgres's own message, as the Data API returns a statement's error.
        throw new AwsError("DatabaseErrorException", (error as Error).message);
      } finally {
        standIn.onStatement?.(performance.now() - started);
      }
      sendRestJson(res, 200, { numberOfRecordsUpdated: 0, formattedRecords: JSON.stringify(rows) });
    } catch (error) {
      sendRestJsonError(res, error instanceof SyntaxError ? new AwsError("BadRequestException", error.message) : error);
    }
  });
  return listen(server);
}
