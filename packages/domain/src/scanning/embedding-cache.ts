/**
 * Decrypted embeddings held in memory by one warm container for a short time, so the many tasks
 * of a scan (plan, discover, one analyse per item) stop asking KMS to unwrap the same data keys
 * again and again. Never written anywhere. An entry is keyed by the user and by the sample's
 * id and version (its creation time and wrapped data key, which a re-seal always replaces), so a
 * replaced sample is decrypted afresh and a deleted one, no longer listed, is never asked for.
 */

export interface CachedSampleRef {
  personId: string;
  modality: "face" | "voice";
  sampleId: string;
  createdAt: string;
  encryptedDataKey: string;
}

export interface EmbeddingCacheOptions {
  /** How long a decrypted embedding may be reused. */
  ttlMs: number;
  /** Bound on entries, oldest dropped first. */
  maxEntries?: number;
  now?: () => number;
}

export class DecryptedEmbeddingCache {
  private readonly entries = new Map<string, { expiresAt: number; embedding: Promise<Float32Array> }>();
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(private readonly options: EmbeddingCacheOptions) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** The sample's embedding: from memory while fresh, else from `decrypt` (concurrent callers share one call). */
  open(userId: string, sample: CachedSampleRef, decrypt: () => Promise<Float32Array>): Promise<Float32Array> {
    const key = [userId, sample.personId, sample.modality, sample.sampleId, sample.createdAt, sample.encryptedDataKey]
      .map((part) => encodeURIComponent(part))
      .join("/");
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.embedding;
    this.dropExpired(now);
    const embedding = decrypt();
    this.entries.set(key, { expiresAt: now + this.options.ttlMs, embedding });
    // A failed decryption (key refused, sample tampered) is not remembered: the next call asks again.
    embedding.catch(() => {
      if (this.entries.get(key)?.embedding === embedding) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return embedding;
  }

  private dropExpired(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
