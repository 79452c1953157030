import type { SqlPort, SqlRow, SqlValue } from "../gallery/sql-port.js";
import { ensureHnswIndex, type HnswIndexSpec } from "../gallery/vector-index.js";
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
/** Candidates the HNSW walk returns per probe before the distance bound: far more than one picture's copies. */
const NEAREST_PER_PROBE = 20;

/**
 * Registered PDQ hashes in the gallery database (Aurora PostgreSQL in AWS, PGlite locally): pgvector's
 * bit(256) with an HNSW index on Hamming distance (bit_hamming_ops, `<~>`). Deleting a row removes it
 * from the graph at once, so a deleted hash is never matched again (exact on delete).
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
   * Every registered hash within `maxDistance` of any probe, in one statement. The bound sits inside
   * the HNSW walk, so pgvector's iterative scan (relaxed_order, set with the gallery's schema) keeps
   * walking until it finds matches or has read hnsw.max_scan_tuples: uniformly spread hashes give
   * the graph little to navigate by, and a walk of ef_search candidates with the bound applied after
   * it missed 4 of 20 mirrored copies among 100,000 hashes (docs/hashes.md); this finds all 20.
   */
  async match(probes: string[], maxDistance = PDQ_MATCH_DISTANCE): Promise<PdqIndexMatch[]> {
    if (probes.length === 0) return [];
    const params: Record<string, SqlValue> = { maxDistance };
    const values = probes.map((hex, i) => {
      params[`p${i}`] = bits(hex);
      return `(${i}, CAST(:p${i} AS bit(256)))`;
    });
    const rows = await this.sql.execute(
      `SELECT p.i, g.user_id, g.hash_id, g.distance
       FROM (VALUES ${values.join(", ")}) AS p(i, h) CROSS JOIN LATERAL (
         SELECT user_id, hash_id, hash <~> p.h AS distance FROM ${TABLE}
         WHERE hash <~> p.h <= :maxDistance
         ORDER BY hash <~> p.h LIMIT ${NEAREST_PER_PROBE}
       ) AS g ORDER BY p.i, g.distance`,
      params,
    );
    return rows.map(rowToMatch);
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

/** Table and index, idempotent; the gallery's ensureSchema runs it with its own (same database). */
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
  await ensureHnswIndex(sql, PDQ_HNSW_INDEX);
}

/**
 * The Hamming graph, at pgvector's default parameters; named by them and rebuilt concurrently when
 * they change, as the face and voice graphs are (gallery/vector-index.ts).
 */
export const PDQ_HNSW_INDEX: HnswIndexSpec = {
  table: TABLE,
  column: "hash",
  opclass: "bit_hamming_ops",
  parameters: { m: 16, efConstruction: 64 },
};
