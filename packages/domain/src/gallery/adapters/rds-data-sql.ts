import { ExecuteStatementCommand, type RDSDataClient, type SqlParameter } from "@aws-sdk/client-rds-data";
import type { SqlPort, SqlRow, SqlValue } from "../sql-port.js";

export interface RdsDataTarget {
  /** The Aurora cluster's ARN and the Secrets Manager secret the Data API signs in with. */
  resourceArn: string;
  secretArn: string;
  database: string;
}

const parameter = (name: string, value: SqlValue): SqlParameter => {
  if (value === null) return { name, value: { isNull: true } };
  if (typeof value === "string") return { name, value: { stringValue: value } };
  if (typeof value === "boolean") return { name, value: { booleanValue: value } };
  return Number.isInteger(value) ? { name, value: { longValue: value } } : { name, value: { doubleValue: value } };
};

/**
 * The gallery's SQL over the RDS Data API: HTTPS calls signed with the function's role, so the
 * functions that match crawled faces need no VPC, no connection pool and no database password.
 */
export class RdsDataSql implements SqlPort {
  constructor(
    private readonly client: RDSDataClient,
    private readonly target: RdsDataTarget,
  ) {}

  async execute(sql: string, params: Record<string, SqlValue> = {}): Promise<SqlRow[]> {
    const out = await this.client.send(
      new ExecuteStatementCommand({
        ...this.target,
        sql,
        parameters: Object.entries(params).map(([name, value]) => parameter(name, value)),
        formatRecordsAs: "JSON",
      }),
    );
    return out.formattedRecords ? (JSON.parse(out.formattedRecords) as SqlRow[]) : [];
  }

  async executeLong(sql: string): Promise<void> {
    try {
      await this.client.send(new ExecuteStatementCommand({ ...this.target, sql, continueAfterTimeout: true }));
    } catch (error) {
      // The call's time is up but the statement goes on in the database (continueAfterTimeout).
      if ((error as { name?: string }).name === "StatementTimeoutException") return;
      throw error;
    }
  }
}
