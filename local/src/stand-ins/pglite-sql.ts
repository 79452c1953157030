import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import type { SqlPort, SqlRow, SqlValue } from "@lg/domain/gallery/sql-port";

/** `:name` parameters (not `::type` casts) become Postgres's `$n`, in order of first use. */
export function toPositional(sql: string, params: Record<string, SqlValue>): { text: string; values: SqlValue[] } {
  const order: string[] = [];
  const text = sql.replace(/(?<![:\w]):([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`SQL parameter :${name} has no value`);
    let at = order.indexOf(name);
    if (at < 0) at = order.push(name) - 1;
    return `$${at + 1}`;
  });
  return { text, values: order.map((name) => params[name] as SqlValue) };
}

/** Plain JSON values, as the Data API's formatRecordsAs=JSON gives them (timestamps as text). */
export const plainRow = (row: Record<string, unknown>): SqlRow =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : (v as SqlValue)]));

/**
 * Postgres with pgvector in this process (PGlite, WebAssembly): the local gallery and the unit tests'
 * one. `dataDir` keeps it on disk across restarts; without it, it lives in memory. Statements run one
 * at a time, as PGlite has one connection.
 */
export class PgliteSql implements SqlPort {
  private constructor(readonly db: PGlite) {}

  static async open(dataDir?: string): Promise<PgliteSql> {
    const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { vector } });
    return new PgliteSql(db);
  }

  async execute(sql: string, params: Record<string, SqlValue> = {}): Promise<SqlRow[]> {
    const { text, values } = toPositional(sql, params);
    const result = await this.db.query<Record<string, unknown>>(text, values);
    return result.rows.map(plainRow);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
