/** A value bound to a named parameter; vectors and timestamps travel as text and are cast in the SQL. */
export type SqlValue = string | number | boolean | null;
export type SqlRow = Record<string, SqlValue>;

/**
 * One SQL statement with `:name` parameters, answered as plain rows. The same statements run on
 * Aurora PostgreSQL over the RDS Data API in AWS and on PGlite (Postgres in WebAssembly) locally,
 * so the gallery's SQL is written once, in the subset both speak (CAST(:x AS type), no arrays).
 */
export interface SqlPort {
  execute(sql: string, params?: Record<string, SqlValue>): Promise<SqlRow[]>;
  /**
   * A statement that may outlast one call (an index build at a million rows). The Data API keeps it
   * running past its 45-second call limit (continueAfterTimeout) and this returns then, so the caller
   * reads the catalogue to know where it stands; an adapter without the limit runs it to the end.
   */
  executeLong?(sql: string): Promise<void>;
}
