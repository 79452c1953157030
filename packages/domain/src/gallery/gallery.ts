import { ensurePdqSchema } from "../registered-images/pdq-index.js";
import { FACE_MATCH_RULE, type MatchRule, shortlistDistance, VOICE_MATCH_RULE } from "./match-rule.js";
import type { SqlPort, SqlRow, SqlValue } from "./sql-port.js";
import { ensureHnswIndex, type HnswIndexState, type HnswParameters } from "./vector-index.js";

export type GalleryModality = "face" | "voice";

/** Embedding length per modality (SFace 128, GE2E 256): each modality has its own table and index. */
export const GALLERY_DIMENSIONS: Record<GalleryModality, number> = { face: 128, voice: 256 };
export const GALLERY_RULES: Record<GalleryModality, MatchRule> = { face: FACE_MATCH_RULE, voice: VOICE_MATCH_RULE };
/**
 * The HNSW index's build parameters and its search-time candidate list (docs/scale.md, "The graph
 * shipped"). At a million samples m 16 / ef_construction 64 left genuine people's own
 * samples unreturned however long the list; the denser graph searched with 200 candidates finds
 * them, and a single walk at 200 costs less than a walk at 100 repeated at 200 for every face that
 * matched nobody, which is nearly every face the crawl reads.
 */
export const GALLERY_HNSW: HnswParameters = { m: 24, efConstruction: 128 };
export const GALLERY_EF_SEARCH = 200;

/** One enrolled sample as the gallery holds it: derived from the sealed sample, never the other way. */
export interface GalleryEntry {
  userId: string;
  personId: string;
  sampleId: string;
  modality: GalleryModality;
  /** The network and its version that made the embedding (e.g. sface-2021dec, resemblyzer-ge2e). */
  model: string;
  embedding: Float32Array;
  verified: boolean;
  /**
   * Whether matching may compare with it at all: an uploaded photo nobody vouched for is held but
   * never searched (docs/privacy.md), so nobody can have the service hunt for a stranger.
   */
  searched: boolean;
  source: string;
  /** The consent text version the person agreed to when the sample was taken. */
  consentVersion: string;
  enrolledAt: string;
  /** When the person's auto-delete choice removes the sample; a query never sees it after. */
  deleteAfter?: string;
}

/**
 * What the enrolment, retention, erasure and migration code paths tell the gallery, so it stays
 * exactly the set of samples the record of truth holds. Removals run before the sealed samples go:
 * a failure part-way leaves a sample unmatched, never a deleted person matchable.
 */
export interface GalleryIndex {
  put(entry: GalleryEntry): Promise<void>;
  /**
   * A sample's verification changed; `searched`, when given, is set as it is (a demoted face is no
   * longer searched), otherwise a verified sample becomes searched.
   */
  setVerified(
    userId: string,
    modality: GalleryModality,
    sampleId: string,
    verified: boolean,
    searched?: boolean,
  ): Promise<void>;
  setDeleteAfter(userId: string, modality: GalleryModality, sampleId: string, deleteAfter?: string): Promise<void>;
  removeSample(userId: string, modality: GalleryModality, sampleId: string): Promise<void>;
  /** Every sample of the account, both modalities; how many went. */
  removeUser(userId: string): Promise<number>;
}

/** A person the gallery matched: shortlisted by the nearest sample, confirmed by several samples. */
export interface GalleryCandidate {
  userId: string;
  personId: string;
  /** The nearest sample and its cosine distance to the probe. */
  sampleId: string;
  distance: number;
  /** The person's samples of this model within the pair threshold, of how many they have. */
  agreeing: number;
  samples: number;
  /** Whether the agreeing samples include a server-verified one (notices need that). */
  verified: boolean;
}

export interface GalleryOptions {
  now: () => Date;
  /** The current embedding model per modality: older-model rows are never compared. */
  models: Record<GalleryModality, string>;
  /** The HNSW graph's build parameters; GALLERY_HNSW unless a test or benchmark measures others. */
  hnsw?: HnswParameters;
  /** HNSW candidate list at query time (pgvector's hnsw.ef_search); GALLERY_EF_SEARCH unless measured otherwise. */
  efSearch?: number;
  /** How many nearest samples the shortlist reads before the threshold. */
  shortlistSize?: number;
  /** How long the gallery's size (which sets the threshold) is reused before counting again. */
  sizeTtlMs?: number;
}

/** The table holding one modality's samples. */
export const galleryTable = (modality: GalleryModality) => `gallery_${modality}`;
const table = galleryTable;
/** A sample's key among an account's rows of both modalities (Gallery.sampleKeys). */
export const gallerySampleKey = (modality: GalleryModality, sampleId: string) => `${modality}/${sampleId}`;
const vectorText = (embedding: Float32Array) => `[${Array.from(embedding).join(",")}]`;
const numberOf = (row: SqlRow, column: string) => Number(row[column]);

/**
 * The gallery: every enrolled face and voice embedding in Postgres with pgvector, one HNSW cosine
 * index per modality. Aurora Serverless v2 over the RDS Data API in AWS, PGlite locally, the same SQL.
 * It holds only enrolled people's embeddings: a crawled face is a query parameter, never a row.
 */
export class Gallery implements GalleryIndex {
  private sizes = new Map<GalleryModality, { count: number; at: number }>();

  constructor(
    private readonly sql: SqlPort,
    private readonly options: GalleryOptions,
  ) {}

  /**
   * Creates the extension and tables if missing and brings the indexes to the wanted parameters;
   * idempotent, run at start and after deploys. The indexes' states say whether a rebuild still goes on.
   */
  async ensureSchema(): Promise<HnswIndexState[]> {
    await this.sql.execute("CREATE EXTENSION IF NOT EXISTS vector");
    for (const modality of ["face", "voice"] as const) {
      const name = table(modality);
      await this.sql.execute(
        `CREATE TABLE IF NOT EXISTS ${name} (
          user_id text NOT NULL,
          person_id text NOT NULL,
          sample_id text NOT NULL,
          model text NOT NULL,
          embedding vector(${GALLERY_DIMENSIONS[modality]}) NOT NULL,
          verified boolean NOT NULL,
          source text NOT NULL,
          consent_version text NOT NULL,
          enrolled_at timestamptz NOT NULL,
          delete_after timestamptz,
          PRIMARY KEY (user_id, sample_id)
        )`,
      );
      await this.sql.execute(`ALTER TABLE ${name} ADD COLUMN IF NOT EXISTS searched boolean NOT NULL DEFAULT true`);
      if (modality === "face") {
        // Faces a browser reported were searched before a live check had to prove them the holder's
        // (enrolment-verification.ts searchedInScans): rows written then stop being searched.
        await this.sql.execute(
          `UPDATE ${name} SET searched = false WHERE searched AND NOT verified AND source = 'zero-knowledge'`,
        );
      }
    }
    // Every new session (the Data API's pooled ones too) searches with the same candidate list, and keeps
    // scanning the graph when the model and expiry filters drop candidates (pgvector 0.8 iterative scans).
    const ef = this.options.efSearch ?? GALLERY_EF_SEARCH;
    await this.sql.execute(
      `DO $$ BEGIN
        EXECUTE format('ALTER DATABASE %I SET hnsw.ef_search = ${ef}', current_database());
        EXECUTE format('ALTER DATABASE %I SET hnsw.iterative_scan = relaxed_order', current_database());
      END $$`,
    );
    await this.sql.execute(`SELECT set_config('hnsw.ef_search', '${ef}', false)`);
    await this.sql.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', false)");
    // Registered intimate-image hashes live in the same database (registered-images/pdq-index.ts).
    await ensurePdqSchema(this.sql);
    return this.ensureIndexes();
  }

  /**
   * Each modality's HNSW index with the wanted parameters (GALLERY_HNSW unless the options say): when
   * they change, the new graph is built concurrently beside the old one, which keeps answering until
   * it is dropped (vector-index.ts). Run again, it reports a build still going on. (The registered
   * images' hashes have B-tree substring indexes instead, made with their table: pdq-index.ts.)
   */
  async ensureIndexes(): Promise<HnswIndexState[]> {
    const states: HnswIndexState[] = [];
    for (const modality of ["face", "voice"] as const) {
      states.push(
        await ensureHnswIndex(this.sql, {
          table: table(modality),
          column: "embedding",
          opclass: "vector_cosine_ops",
          parameters: this.options.hnsw ?? GALLERY_HNSW,
        }),
      );
    }
    return states;
  }

  /**
   * The read-only sign-in the health check uses: a login role that may SELECT the gallery's tables and
   * nothing else (the Data API cannot limit statements by IAM). The password comes from its secret.
   */
  async ensureReader(user: string, password: string): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(user)) throw new Error(`Not a plain role name: ${user}`);
    if (password.length < 16 || /['\\]/.test(password))
      throw new Error("The reader password must be 16+ characters without quotes or backslashes");
    await this.sql.execute(
      `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${user}') THEN CREATE ROLE ${user} LOGIN; END IF; END $$`,
    );
    // DDL takes no parameters; the password's characters were checked above.
    await this.sql.execute(`ALTER ROLE ${user} WITH LOGIN PASSWORD '${password}'`);
    await this.sql.execute(`GRANT SELECT ON ${table("face")}, ${table("voice")} TO ${user}`);
  }

  async put(entry: GalleryEntry): Promise<void> {
    const dimensions = GALLERY_DIMENSIONS[entry.modality];
    if (entry.embedding.length !== dimensions) {
      throw new Error(`A ${entry.modality} embedding has ${dimensions} numbers, this one ${entry.embedding.length}`);
    }
    await this.sql.execute(
      `INSERT INTO ${table(entry.modality)} (user_id, person_id, sample_id, model, embedding, verified, searched, source,
         consent_version, enrolled_at, delete_after)
       VALUES (:userId, :personId, :sampleId, :model, CAST(:embedding AS vector), :verified, :searched, :source,
         :consentVersion, CAST(:enrolledAt AS timestamptz), CAST(:deleteAfter AS timestamptz))
       ON CONFLICT (user_id, sample_id) DO UPDATE SET person_id = EXCLUDED.person_id, model = EXCLUDED.model,
         embedding = EXCLUDED.embedding, verified = EXCLUDED.verified, searched = EXCLUDED.searched, source = EXCLUDED.source,
         consent_version = EXCLUDED.consent_version, enrolled_at = EXCLUDED.enrolled_at,
         delete_after = EXCLUDED.delete_after`,
      {
        userId: entry.userId,
        personId: entry.personId,
        sampleId: entry.sampleId,
        model: entry.model,
        embedding: vectorText(entry.embedding),
        verified: entry.verified,
        searched: entry.searched,
        source: entry.source,
        consentVersion: entry.consentVersion,
        enrolledAt: entry.enrolledAt,
        deleteAfter: entry.deleteAfter ?? null,
      },
    );
  }

  async setVerified(
    userId: string,
    modality: GalleryModality,
    sampleId: string,
    verified: boolean,
    searched?: boolean,
  ) {
    if (searched !== undefined) {
      await this.sql.execute(
        `UPDATE ${table(modality)} SET verified = :verified, searched = :searched
         WHERE user_id = :userId AND sample_id = :sampleId`,
        { userId, sampleId, verified, searched },
      );
      return;
    }
    await this.sql.execute(
      // A verified sample is searched whatever it was before (a live capture vouched for an uploaded photo).
      `UPDATE ${table(modality)} SET verified = :verified, searched = searched OR :verified
       WHERE user_id = :userId AND sample_id = :sampleId`,
      { userId, sampleId, verified },
    );
  }

  async setDeleteAfter(userId: string, modality: GalleryModality, sampleId: string, deleteAfter?: string) {
    await this.sql.execute(
      `UPDATE ${table(modality)} SET delete_after = CAST(:deleteAfter AS timestamptz)
       WHERE user_id = :userId AND sample_id = :sampleId`,
      { userId, sampleId, deleteAfter: deleteAfter ?? null },
    );
  }

  async removeSample(userId: string, modality: GalleryModality, sampleId: string) {
    await this.sql.execute(`DELETE FROM ${table(modality)} WHERE user_id = :userId AND sample_id = :sampleId`, {
      userId,
      sampleId,
    });
  }

  async removeUser(userId: string): Promise<number> {
    let removed = 0;
    for (const modality of ["face", "voice"] as const) {
      const rows = await this.sql.execute(
        `DELETE FROM ${table(modality)} WHERE user_id = :userId RETURNING sample_id`,
        {
          userId,
        },
      );
      removed += rows.length;
    }
    return removed;
  }

  /** Which of the account's samples have rows, both modalities, as gallerySampleKey spells them. */
  async sampleKeys(userId: string): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const modality of ["face", "voice"] as const) {
      const rows = await this.sql.execute(`SELECT sample_id FROM ${table(modality)} WHERE user_id = :userId`, {
        userId,
      });
      for (const row of rows) keys.add(gallerySampleKey(modality, String(row.sample_id)));
    }
    return keys;
  }

  /** Current-model, unexpired embeddings of a modality: the comparisons one probe makes. */
  async size(modality: GalleryModality): Promise<number> {
    const [row] = await this.sql.execute(
      `SELECT count(*) AS n FROM ${table(modality)} WHERE model = :model AND ${unexpired}`,
      { model: this.options.models[modality], now: this.options.now().toISOString() },
    );
    return row ? numberOf(row, "n") : 0;
  }

  /** The shortlist distance in force now (match-rule.ts), from the gallery's size. */
  async threshold(modality: GalleryModality): Promise<number> {
    const cached = this.sizes.get(modality);
    const now = Date.now();
    let count = cached?.count;
    if (!cached || now - cached.at > (this.options.sizeTtlMs ?? 60_000)) {
      count = await this.size(modality);
      this.sizes.set(modality, { count, at: now });
    }
    return shortlistDistance(GALLERY_RULES[modality], count ?? 0);
  }

  /**
   * The enrolled people a crawled face or voice belongs to. Shortlist: the nearest samples (HNSW)
   * within the size-dependent distance. Confirm: at least two of the person's samples (or their only
   * one) lie within the calibrated pair threshold, so one freak-close sample is not enough.
   */
  async match(embedding: Float32Array, modality: GalleryModality): Promise<GalleryCandidate[]> {
    const [candidates = []] = await this.matchBatch([embedding], modality);
    return candidates;
  }

  /** match() for many probes (every face of a crawled item, or of a batch of items) in one statement. */
  async matchBatch(embeddings: Float32Array[], modality: GalleryModality): Promise<GalleryCandidate[][]> {
    if (embeddings.length === 0) return [];
    for (const embedding of embeddings) {
      if (embedding.length !== GALLERY_DIMENSIONS[modality]) {
        throw new Error(
          `A ${modality} probe has ${GALLERY_DIMENSIONS[modality]} numbers, this one ${embedding.length}`,
        );
      }
    }
    const shortlist = await this.threshold(modality);
    const nearest = await this.nearest(embeddings, modality, this.options.shortlistSize ?? 10);
    return Promise.all(
      nearest.map(async (rows, i) => {
        const people = new Map<string, SqlRow>();
        for (const row of rows) {
          const key = `${row.user_id}\u0000${row.person_id}`;
          if (numberOf(row, "distance") <= shortlist && !people.has(key)) people.set(key, row);
        }
        const confirmed: GalleryCandidate[] = [];
        for (const best of people.values()) {
          const candidate = await this.confirm(embeddings[i] as Float32Array, modality, best);
          if (candidate) confirmed.push(candidate);
        }
        return confirmed.sort((a, b) => a.distance - b.distance);
      }),
    );
  }

  /** The k nearest current, unexpired samples of each probe (approximate: the HNSW index). */
  async nearest(embeddings: Float32Array[], modality: GalleryModality, k: number): Promise<SqlRow[][]> {
    const params: Record<string, SqlValue> = {
      model: this.options.models[modality],
      now: this.options.now().toISOString(),
    };
    const probes = embeddings.map((embedding, i) => {
      params[`p${i}`] = vectorText(embedding);
      return `(${i}, CAST(:p${i} AS vector))`;
    });
    const rows = await this.sql.execute(
      `SELECT p.i, g.user_id, g.person_id, g.sample_id, g.distance
       FROM (VALUES ${probes.join(", ")}) AS p(i, v) CROSS JOIN LATERAL (
         SELECT user_id, person_id, sample_id, embedding <=> p.v AS distance
         FROM ${table(modality)} WHERE model = :model AND ${unexpired}
         ORDER BY embedding <=> p.v LIMIT ${Math.max(1, Math.floor(k))}
       ) AS g ORDER BY p.i, g.distance`,
      params,
    );
    const byProbe: SqlRow[][] = embeddings.map(() => []);
    for (const row of rows) byProbe[numberOf(row, "i")]?.push(row);
    return byProbe;
  }

  private async confirm(embedding: Float32Array, modality: GalleryModality, best: SqlRow) {
    const samples = await this.sql.execute(
      `SELECT verified, embedding <=> CAST(:probe AS vector) AS distance FROM ${table(modality)}
       WHERE user_id = :userId AND person_id = :personId AND model = :model AND ${unexpired}`,
      {
        probe: vectorText(embedding),
        model: this.options.models[modality],
        now: this.options.now().toISOString(),
        userId: String(best.user_id),
        personId: String(best.person_id),
      },
    );
    const agreeing = samples.filter((s) => numberOf(s, "distance") <= GALLERY_RULES[modality].pairThreshold);
    if (agreeing.length < Math.min(2, samples.length)) return undefined;
    return {
      userId: String(best.user_id),
      personId: String(best.person_id),
      sampleId: String(best.sample_id),
      distance: numberOf(best, "distance"),
      agreeing: agreeing.length,
      samples: samples.length,
      verified: agreeing.some((s) => s.verified === true),
    };
  }

  /**
   * Whether a verified, searched sample of another account is the same person as this probe at the
   * one-to-one pair threshold (the enrolment's cross-account check, not a crawl's match). Exact: the
   * distance bound in WHERE is a scan of the verified rows rather than an HNSW walk that could stop
   * short of one; an enrolment is rare next to the crawl's probes.
   */
  async verifiedElsewhere(embedding: Float32Array, modality: GalleryModality, userId: string): Promise<boolean> {
    const rows = await this.sql.execute(
      `SELECT 1 AS found FROM ${table(modality)}
       WHERE model = :model AND verified AND user_id <> :userId AND ${unexpired}
         AND embedding <=> CAST(:probe AS vector) <= :threshold
       LIMIT 1`,
      {
        probe: vectorText(embedding),
        model: this.options.models[modality],
        now: this.options.now().toISOString(),
        userId,
        threshold: GALLERY_RULES[modality].pairThreshold,
      },
    );
    return rows.length > 0;
  }

  /**
   * The account verifiedElsewhere finds: the one whose verified sample of this person was enrolled
   * first, so every later live check of the face is reviewed against the same holder.
   */
  async verifiedHolder(embedding: Float32Array, modality: GalleryModality, userId: string): Promise<string | null> {
    const rows = await this.sql.execute(
      `SELECT user_id FROM ${table(modality)}
       WHERE model = :model AND verified AND user_id <> :userId AND ${unexpired}
         AND embedding <=> CAST(:probe AS vector) <= :threshold
       ORDER BY enrolled_at, user_id
       LIMIT 1`,
      {
        probe: vectorText(embedding),
        model: this.options.models[modality],
        now: this.options.now().toISOString(),
        userId,
        threshold: GALLERY_RULES[modality].pairThreshold,
      },
    );
    return rows[0] ? String(rows[0].user_id) : null;
  }

  /**
   * match() within one account's samples only, by exact comparison (a person has a handful): a
   * newcomer's look-back compares what the crawl read before they enrolled with them alone.
   */
  async matchWithin(userId: string, embedding: Float32Array, modality: GalleryModality): Promise<GalleryCandidate[]> {
    const rows = await this.sql.execute(
      `SELECT user_id, person_id, sample_id, verified, embedding <=> CAST(:probe AS vector) AS distance
       FROM ${table(modality)} WHERE user_id = :userId AND model = :model AND ${unexpired}
       ORDER BY distance`,
      {
        probe: vectorText(embedding),
        userId,
        model: this.options.models[modality],
        now: this.options.now().toISOString(),
      },
    );
    const threshold = GALLERY_RULES[modality].pairThreshold;
    const byPerson = new Map<string, SqlRow[]>();
    for (const row of rows) byPerson.set(String(row.person_id), [...(byPerson.get(String(row.person_id)) ?? []), row]);
    const confirmed: GalleryCandidate[] = [];
    for (const samples of byPerson.values()) {
      const agreeing = samples.filter((s) => numberOf(s, "distance") <= threshold);
      const best = samples[0] as SqlRow;
      if (agreeing.length === 0 || agreeing.length < Math.min(2, samples.length)) continue;
      confirmed.push({
        userId: String(best.user_id),
        personId: String(best.person_id),
        sampleId: String(best.sample_id),
        distance: numberOf(best, "distance"),
        agreeing: agreeing.length,
        samples: samples.length,
        verified: agreeing.some((s) => s.verified === true),
      });
    }
    return confirmed.sort((a, b) => a.distance - b.distance);
  }

  /** The accounts with searched samples enrolled after `since`, each with its latest such enrolment. */
  async enrolledSince(since: string): Promise<{ userId: string; enrolledAt: string }[]> {
    const latest = new Map<string, string>();
    for (const modality of ["face", "voice"] as const) {
      const rows = await this.sql.execute(
        `SELECT user_id, extract(epoch FROM max(enrolled_at)) AS enrolled FROM ${table(modality)}
         WHERE model = :model AND enrolled_at > CAST(:since AS timestamptz) AND ${unexpired} GROUP BY user_id`,
        { model: this.options.models[modality], since, now: this.options.now().toISOString() },
      );
      for (const row of rows) {
        const at = new Date(Math.round(Number(row.enrolled) * 1000)).toISOString();
        const userId = String(row.user_id);
        if (!latest.has(userId) || (latest.get(userId) as string) < at) latest.set(userId, at);
      }
    }
    return [...latest].map(([userId, enrolledAt]) => ({ userId, enrolledAt }));
  }

  /** A cheap read for /api/health: the extension is there and the tables answer. */
  async ping(): Promise<void> {
    await this.sql.execute("SELECT 1 FROM gallery_face LIMIT 1");
  }
}

/** The rows a probe is compared with: searched and not past their auto-delete time. */
const unexpired = "searched AND (delete_after IS NULL OR delete_after > CAST(:now AS timestamptz))";
