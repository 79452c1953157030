import type { SqlPort, SqlRow, SqlValue } from "../gallery/sql-port.js";
import { PDQ_MATCH_DISTANCE } from "./pdq-rules.js";

/** One registered hash as the index holds it: derived from the sealed record, never the other way. */
export interface PdqIndexEntry {
  userId: string;
  hashId: string;
  hex: string;
}

/** One probe (a variant of a scanned picture or frame) within the match distance of a registered hash. */
export interface PdqIndexMatch {
  probe: number;
  userId: string;
  hashId: string;
  distance: number;
}

/** What registration, deletion and erasure tell the index, so it holds exactly the sealed records. */
export interface PdqIndexWriter {
  put(entries: PdqIndexEntry[]): Promise<void>;
  remove(userId: string, hashId: string): Promise<void>;
  removeUser(userId: string): Promise<number>;
  /** The account's hashes equal to these (already registered), as hex. */
  existing(userId: string, hexes: string[]): Promise<Set<string>>;
}

export interface PdqMatcher {
  match(probes: string[], maxDistance?: number): Promise<PdqIndexMatch[]>;
  matchWithin(userId: string, probes: string[], maxDistance?: number): Promise<PdqIndexMatch[]>;
}

const TABLE = "gallery_pdq";
/** pgvector reads a bit string given as text with an x prefix as hexadecimal. */
const bits = (hex: string) => `x${hex}`;
const hexOfBits = (text: string) => {
  let hex = "";
  for (let i = 0; i < text.length; i += 4) hex += Number.parseInt(text.slice(i, i + 4), 2).toString(16);
  return hex;
};

/**
 * Multi-index hashing (Norouzi, Punjani and Fleet, "Fast Search in Hamming Space with Multi-Index
 * Hashing", CVPR 2012): the 256 bits cut into 16 substrings of 16 bits, each a column with its own
 * B-tree. Two hashes within 31 bits cannot differ by 2 or more bits in all 16 substrings (that
 * would be 32), so every match has some substring within one bit of the probe's: the rows found by
 * looking up each substring's 17 neighbours hold every match, and the full distance decides. Exact
 * by construction, unlike the HNSW graph it replaced, which missed 1 in 20 planted copies among a
 * million hashes (docs/hashes.md).
 */
export const PDQ_SUBSTRINGS = 16;
const SUBSTRING_BITS = 256 / PDQ_SUBSTRINGS;
const substringColumn = (i: number) => `mih_${i}`;

/** The probe's substrings as the columns hold them (hex digits 4i..4i+3, the reference's bit order). */
const substringsOf = (hex: string) =>
  Array.from({ length: PDQ_SUBSTRINGS }, (_, i) => Number.parseInt(hex.slice(i * 4, i * 4 + 4), 16));

/** Every 16-bit value within `radius` bits of `value`, itself first. */
function neighbours(value: number, radius: number): number[] {
  let found = [value];
  let frontier = [{ value, from: 0 }];
  for (let r = 0; r < radius; r++) {
    const next: typeof frontier = [];
    for (const { value: v, from } of frontier) {
      for (let bit = from; bit < SUBSTRING_BITS; bit++) next.push({ value: v ^ (1 << bit), from: bit + 1 });
    }
    found = found.concat(next.map((n) => n.value));
    frontier = next;
  }
  return found;
}

/** Beyond this radius a substring's neighbours (697 values at 3 bits, 16 times) outgrow the lookup's worth. */
const MAX_SUBSTRING_RADIUS = 2;

/** The lookup for one probe: its substrings' neighbours, as integers this module computed (no input text). */
function candidateCondition(hex: string, maxDistance: number): string {
  const radius = Math.floor(maxDistance / PDQ_SUBSTRINGS);
  // A bound this wide (over 47 bits, never a match rule) compares every row.
  if (radius > MAX_SUBSTRING_RADIUS) return "TRUE";
  return substringsOf(hex)
    .map((value, i) => `${substringColumn(i)} IN (${neighbours(value, radius).join(",")})`)
    .join(" OR ");
}

const HEX_HASH = /^[0-9a-f]{64}$/;
/**
 * One picture's eight orientations a statement (about 17 KB of SQL): a video's hundreds of frame
 * probes in one would pass the RDS Data API's 64 KB statement limit.
 */
const PROBES_PER_STATEMENT = 8;

/**
 * Registered PDQ hashes in the gallery database (Aurora PostgreSQL in AWS, PGlite locally): pgvector's
 * bit(256) for the distance (`bit_count(a # b)`), found through the multi-index substrings above.
 * Deleting a row removes it from every substring index at once, so a deleted hash is never matched
 * again (exact on delete).
 */
export class PdqIndex implements PdqIndexWriter, PdqMatcher {
  constructor(private readonly sql: SqlPort) {}

  async ensureSchema(): Promise<void> {
    await ensurePdqSchema(this.sql);
  }

  async put(entries: PdqIndexEntry[]): Promise<void> {
    for (const entry of entries) {
      await this.sql.execute(
        `INSERT INTO ${TABLE} (user_id, hash_id, hash) VALUES (:userId, :hashId, CAST(:hash AS bit(256)))
         ON CONFLICT (user_id, hash_id) DO UPDATE SET hash = EXCLUDED.hash`,
        { userId: entry.userId, hashId: entry.hashId, hash: bits(entry.hex) },
      );
    }
  }

  async remove(userId: string, hashId: string): Promise<void> {
    await this.sql.execute(`DELETE FROM ${TABLE} WHERE user_id = :userId AND hash_id = :hashId`, { userId, hashId });
  }

  async removeUser(userId: string): Promise<number> {
    const rows = await this.sql.execute(`DELETE FROM ${TABLE} WHERE user_id = :userId RETURNING hash_id`, { userId });
    return rows.length;
  }

  async existing(userId: string, hexes: string[]): Promise<Set<string>> {
    if (hexes.length === 0) return new Set();
    const params: Record<string, SqlValue> = { userId };
    const list = hexes.map((hex, i) => {
      params[`h${i}`] = bits(hex);
      return `CAST(:h${i} AS bit(256))`;
    });
    const rows = await this.sql.execute(
      `SELECT CAST(hash AS text) AS bits FROM ${TABLE}
       WHERE user_id = :userId AND hash IN (${list.join(", ")})`,
      params,
    );
    return new Set(rows.map((row) => hexOfBits(String(row.bits))));
  }

  /**
   * Every registered hash within `maxDistance` of any probe, eight probes a statement: per probe, the rows
   * a substring lookup finds (a bitmap OR of 16 B-tree scans), kept when their full distance is
   * within the bound. Exact for any bound; at PDQ's 31 each substring looks up 17 values.
   */
  async match(probes: string[], maxDistance = PDQ_MATCH_DISTANCE): Promise<PdqIndexMatch[]> {
    const found: PdqIndexMatch[] = [];
    for (let from = 0; from < probes.length; from += PROBES_PER_STATEMENT) {
      const batch = probes.slice(from, from + PROBES_PER_STATEMENT);
      const params: Record<string, SqlValue> = { maxDistance };
      const perProbe = batch.map((hex, i) => {
        // The lookup's integers are computed from the hex, so only a well-formed hash may reach it.
        if (!HEX_HASH.test(hex)) throw new Error(`not a PDQ hash: ${hex.slice(0, 80)}`);
        params[`p${i}`] = bits(hex);
        return `SELECT ${from + i} AS i, user_id, hash_id, bit_count(hash # CAST(:p${i} AS bit(256))) AS distance
         FROM ${TABLE}
         WHERE (${candidateCondition(hex, maxDistance)}) AND bit_count(hash # CAST(:p${i} AS bit(256))) <= :maxDistance`;
      });
      const rows = await this.sql.execute(`${perProbe.join("\n UNION ALL ")}\n ORDER BY i, distance`, params);
      found.push(...rows.map(rowToMatch));
    }
    return found;
  }

  /**
   * match() within one account's hashes, compared exactly (an account holds at most a few thousand):
   * what a person's own scan asks, so their scan never reports another person's registered image.
   */
  async matchWithin(userId: string, probes: string[], maxDistance = PDQ_MATCH_DISTANCE): Promise<PdqIndexMatch[]> {
    if (probes.length === 0) return [];
    const params: Record<string, SqlValue> = { maxDistance, userId };
    const values = probes.map((hex, i) => {
      params[`p${i}`] = bits(hex);
      return `(${i}, CAST(:p${i} AS bit(256)))`;
    });
    const rows = await this.sql.execute(
      `SELECT p.i, g.user_id, g.hash_id, bit_count(g.hash # p.h) AS distance
       FROM (VALUES ${values.join(", ")}) AS p(i, h) JOIN ${TABLE} g ON g.user_id = :userId
       WHERE bit_count(g.hash # p.h) <= :maxDistance ORDER BY p.i, distance`,
      params,
    );
    return rows.map(rowToMatch);
  }

  async count(): Promise<number> {
    const [row] = await this.sql.execute(`SELECT count(*) AS n FROM ${TABLE}`);
    return Number(row?.n ?? 0);
  }
}

const rowToMatch = (row: SqlRow): PdqIndexMatch => ({
  probe: Number(row.i),
  userId: String(row.user_id),
  hashId: String(row.hash_id),
  distance: Number(row.distance),
});

/**
 * Table and substring indexes, idempotent; the gallery's ensureSchema runs it with its own (same
 * database). The substrings are generated columns, so every writer (and a row written before
 * them) has them without knowing; one ALTER adds all sixteen, rewriting the table once.
 */
export async function ensurePdqSchema(sql: SqlPort): Promise<void> {
  await sql.execute("CREATE EXTENSION IF NOT EXISTS vector");
  await sql.execute(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
      user_id text NOT NULL,
      hash_id text NOT NULL,
      hash bit(256) NOT NULL,
      PRIMARY KEY (user_id, hash_id)
    )`,
  );
  const columns = Array.from({ length: PDQ_SUBSTRINGS }, (_, i) => {
    const from = i * SUBSTRING_BITS + 1;
    return `ADD COLUMN IF NOT EXISTS ${substringColumn(i)} integer
      GENERATED ALWAYS AS (CAST(CAST(substring(hash FROM ${from} FOR ${SUBSTRING_BITS}) AS bit(${SUBSTRING_BITS})) AS integer)) STORED`;
  });
  await sql.execute(`ALTER TABLE ${TABLE} ${columns.join(", ")}`);
  for (let i = 0; i < PDQ_SUBSTRINGS; i++) {
    await sql.execute(`CREATE INDEX IF NOT EXISTS ${TABLE}_${substringColumn(i)} ON ${TABLE} (${substringColumn(i)})`);
  }
  // The Hamming HNSW graph this index replaced: costly to keep up to date and no longer read.
  const graphs = await sql.execute(
    "SELECT indexname FROM pg_indexes WHERE tablename = :table AND indexdef LIKE '%USING hnsw%'",
    { table: TABLE },
  );
  for (const graph of graphs) await sql.execute(`DROP INDEX IF EXISTS ${String(graph.indexname)}`);
}
