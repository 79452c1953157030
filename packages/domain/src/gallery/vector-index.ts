import type { SqlPort, SqlRow } from "./sql-port.js";

/** An HNSW graph's build parameters (pgvector's m and ef_construction). */
export interface HnswParameters {
  m: number;
  efConstruction: number;
}

/** pgvector's own defaults: an index built WITH no parameters has these. */
const PGVECTOR_DEFAULTS: HnswParameters = { m: 16, efConstruction: 64 };

/** The HNSW index a table's vector column should have. */
export interface HnswIndexSpec {
  table: string;
  column: string;
  /** The operator class, which fixes the distance (vector_cosine_ops, bit_hamming_ops). */
  opclass: string;
  parameters: HnswParameters;
}

/** How far a concurrent build has gone (pg_stat_progress_create_index). */
export interface IndexBuildProgress {
  phase: string;
  tuplesDone: number;
  tuplesTotal: number;
  blocksDone: number;
  blocksTotal: number;
}

export type HnswIndexState =
  | {
      table: string;
      state: "ready";
      /** The index queries use now. */
      index: string;
      /** Whether this run built it (false: it was there already). */
      built: boolean;
      /** Indexes of other parameters it replaced. */
      dropped: string[];
    }
  | {
      table: string;
      state: "building";
      index: string;
      /** Null while the build waits for older transactions, before its first phase reports. */
      progress: IndexBuildProgress | null;
    }
  | {
      table: string;
      /** Another table's build goes on (a concurrent run began it): one at a time, or two would deadlock. */
      state: "waiting";
      index: string;
      behind: string;
    };

/** Parameters in the name, so a glance at \di says which graph is in force. */
export const hnswIndexName = (spec: HnswIndexSpec) =>
  `${spec.table}_hnsw_m${spec.parameters.m}_efc${spec.parameters.efConstruction}`;

interface ExistingIndex {
  name: string;
  valid: boolean;
  parameters: HnswParameters;
  definition: string;
}

const text = (row: SqlRow, column: string) => String(row[column] ?? "");

async function hnswIndexes(sql: SqlPort, table: string): Promise<ExistingIndex[]> {
  const rows = await sql.execute(
    `SELECT c.relname AS name, i.indisvalid AS valid, coalesce(array_to_string(c.reloptions, ','), '') AS options,
       pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_am a ON a.oid = c.relam
     WHERE t.relname = :table AND a.amname = 'hnsw' AND pg_table_is_visible(t.oid)
     ORDER BY c.relname`,
    { table },
  );
  return rows.map((row) => {
    const options = new Map(
      text(row, "options")
        .split(",")
        .filter(Boolean)
        .map((pair) => pair.split("=") as [string, string]),
    );
    return {
      name: text(row, "name"),
      valid: row.valid === true,
      parameters: {
        m: Number(options.get("m") ?? PGVECTOR_DEFAULTS.m),
        efConstruction: Number(options.get("ef_construction") ?? PGVECTOR_DEFAULTS.efConstruction),
      },
      definition: text(row, "definition"),
    };
  });
}

const onColumn = (index: ExistingIndex, spec: HnswIndexSpec) =>
  index.definition.includes(`USING hnsw (${spec.column} ${spec.opclass})`);

const isWanted = (index: ExistingIndex, spec: HnswIndexSpec) =>
  index.valid &&
  onColumn(index, spec) &&
  index.parameters.m === spec.parameters.m &&
  index.parameters.efConstruction === spec.parameters.efConstruction;

/** The database's index builds in progress, by table. */
async function indexBuilds(sql: SqlPort): Promise<Map<string, IndexBuildProgress>> {
  const rows = await sql.execute(
    `SELECT t.relname AS table_name, p.phase, p.tuples_done, p.tuples_total, p.blocks_done, p.blocks_total
     FROM pg_stat_progress_create_index p JOIN pg_class t ON t.oid = p.relid
     WHERE p.datname = current_database()`,
  );
  return new Map(rows.map((row) => [text(row, "table_name"), progressOf(row)]));
}

/** The table's index build in progress, if any (only one runs on a table at a time). */
export async function indexBuildProgress(sql: SqlPort, table: string): Promise<IndexBuildProgress | null> {
  return (await indexBuilds(sql)).get(table) ?? null;
}

function progressOf(row: SqlRow): IndexBuildProgress {
  return {
    phase: text(row, "phase"),
    tuplesDone: Number(row.tuples_done),
    tuplesTotal: Number(row.tuples_total),
    blocksDone: Number(row.blocks_done),
    blocksTotal: Number(row.blocks_total),
  };
}

/**
 * Makes the table's HNSW index the one the spec names, without stopping searches or writes: when the
 * parameters change, the new graph is built CONCURRENTLY under its own name while the old one keeps
 * answering, then the old one is dropped (CONCURRENTLY too). Idempotent and resumable: run again while
 * a build goes on (the Data API returns after 45 s and the build continues), it reports the build's
 * progress; a build that failed or was cancelled leaves an invalid index, which is dropped and begun
 * again. A valid index of the same parameters under another name (made before names carried them) is
 * kept as it is.
 */
export async function ensureHnswIndex(sql: SqlPort, spec: HnswIndexSpec): Promise<HnswIndexState> {
  const name = hnswIndexName(spec);
  let indexes = await hnswIndexes(sql, spec.table);
  let target = indexes.find((index) => isWanted(index, spec));
  let built = false;
  if (!target) {
    const builds = await indexBuilds(sql);
    const progress = builds.get(spec.table);
    if (progress) return { table: spec.table, state: "building", index: name, progress };
    // Two concurrent builds (two runs of this step at once) can each wait for the other's transaction.
    const [behind] = builds.keys();
    if (behind) return { table: spec.table, state: "waiting", index: name, behind };
    if (indexes.some((index) => index.name === name)) {
      // Invalid and nobody building it: a build that failed or was cancelled. Begun again below.
      await sql.execute(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    }
    const create = `CREATE INDEX CONCURRENTLY ${name} ON ${spec.table} USING hnsw (${spec.column} ${spec.opclass})
      WITH (m = ${spec.parameters.m}, ef_construction = ${spec.parameters.efConstruction})`;
    if (sql.executeLong) await sql.executeLong(create);
    else await sql.execute(create);
    built = true;
    indexes = await hnswIndexes(sql, spec.table);
    target = indexes.find((index) => isWanted(index, spec));
    if (!target) {
      const progress = await indexBuildProgress(sql, spec.table);
      if (!indexes.some((index) => index.name === name) && !progress) {
        throw new Error(`Building ${name} on ${spec.table} ended without the index`);
      }
      return { table: spec.table, state: "building", index: name, progress };
    }
  }
  const dropped: string[] = [];
  for (const other of indexes) {
    if (other.name === target.name || !onColumn(other, spec)) continue;
    await sql.execute(`DROP INDEX CONCURRENTLY IF EXISTS ${other.name}`);
    dropped.push(other.name);
  }
  return { table: spec.table, state: "ready", index: target.name, built, dropped };
}

export interface IndexWait {
  /** Milliseconds left of the caller's time (the after-deploy function's 15 minutes, less a margin). */
  remainingMs: () => number;
  sleep: (ms: number) => Promise<void>;
  pollMs: number;
  report: (states: HnswIndexState[]) => void;
}

/**
 * Re-runs `ensure` while a build goes on, reporting its progress each poll, until every index is
 * ready or the time runs out; then the last states, some perhaps still building (the build goes on in
 * the database, the old index answers meanwhile, and the next run finishes the swap).
 */
export async function untilIndexesReady(
  ensure: () => Promise<HnswIndexState[]>,
  first: HnswIndexState[],
  wait: IndexWait,
): Promise<HnswIndexState[]> {
  let states = first;
  while (states.some((s) => s.state !== "ready") && wait.remainingMs() > wait.pollMs) {
    wait.report(states);
    await wait.sleep(wait.pollMs);
    states = await ensure();
  }
  wait.report(states);
  return states;
}
