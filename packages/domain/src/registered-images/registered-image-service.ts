import { randomUUID } from "node:crypto";
import type { DataKeyService } from "../biometrics/ports.js";
import { openBytes, sealBytes } from "../biometrics/sealed-bytes.js";
import { DomainError, unprocessable } from "../errors.js";
import type { PdqIndexWriter } from "./pdq-index.js";
import { lowQualityReason, MAX_HASHES_PER_ACCOUNT, PDQ_MIN_QUALITY } from "./pdq-rules.js";
import type { RegisteredHashInput } from "./register-input.js";

/** The sealed record of one registered hash (the RegisteredImageHash entity). */
export interface RegisteredHashRecord {
  userId: string;
  hashId: string;
  quality: number;
  source: "image" | "video-frame";
  encryptedHash: string;
  encryptedDataKey: string;
  createdAt: string;
}

export interface RegisteredHashStore {
  put(records: RegisteredHashRecord[]): Promise<void>;
  list(userId: string): Promise<RegisteredHashRecord[]>;
  get(userId: string, hashId: string): Promise<RegisteredHashRecord | null>;
  delete(userId: string, hashIds: string[]): Promise<void>;
}

/** What the person sees of a hash: never the hash itself (only their export holds it). */
export interface RegisteredHashView {
  hashId: string;
  quality: number;
  source: "image" | "video-frame";
  createdAt: string;
}

export interface RegistrationResult {
  registered: RegisteredHashView[];
  /** Hashes already registered by this account, not stored twice. */
  alreadyRegistered: number;
  refused: { index: number; quality: number; reason: string }[];
}

export interface RegisteredImageDeps {
  store: RegisteredHashStore;
  keys: DataKeyService;
  index: PdqIndexWriter;
  now: () => Date;
  newId?: () => string;
}

const HASH_CONTEXT = (userId: string) => ({ userId, purpose: "registered-image-hash" });

const viewOf = (record: RegisteredHashRecord): RegisteredHashView => ({
  hashId: record.hashId,
  quality: record.quality,
  source: record.source,
  createdAt: record.createdAt,
});

/**
 * A person's registered intimate-image hashes (issue 39): PDQ hashes their own browser computed,
 * sealed like biometric embeddings (a KMS data key bound to the account), mirrored into the gallery
 * database's bit(256) index that scans and the crawl match against. The record of truth is the
 * sealed item; the index follows it, removals first, so a failure part-way leaves a hash unmatched,
 * never a deleted one matchable.
 */
export class RegisteredImageService {
  constructor(private readonly deps: RegisteredImageDeps) {}

  async register(userId: string, inputs: RegisteredHashInput[]): Promise<RegistrationResult> {
    const refused = inputs.flatMap((input, index) =>
      input.quality < PDQ_MIN_QUALITY
        ? [{ index, quality: input.quality, reason: lowQualityReason(input.quality) }]
        : [],
    );
    const accepted = inputs.filter((input) => input.quality >= PDQ_MIN_QUALITY);
    if (accepted.length === 0) {
      throw unprocessable(
        refused.length === 1
          ? (refused[0]?.reason ?? "")
          : `None of the ${inputs.length} hashes was registered: ${lowQualityReason(Math.max(...inputs.map((i) => i.quality)))}`,
      );
    }
    const existing = await this.deps.index.existing(
      userId,
      accepted.map((input) => input.hash),
    );
    const fresh = new Map<string, RegisteredHashInput>();
    for (const input of accepted) if (!existing.has(input.hash) && !fresh.has(input.hash)) fresh.set(input.hash, input);
    const stored = await this.deps.store.list(userId);
    if (stored.length + fresh.size > MAX_HASHES_PER_ACCOUNT) {
      throw new DomainError(
        "conflict",
        `An account holds at most ${MAX_HASHES_PER_ACCOUNT} hashes; this one has ${stored.length}. Delete some first.`,
      );
    }
    const records = await this.seal(userId, [...fresh.values()]);
    await this.deps.store.put(records.map(({ record }) => record));
    await this.deps.index.put(records.map(({ record, hex }) => ({ userId, hashId: record.hashId, hex })));
    return {
      registered: records.map(({ record }) => viewOf(record)),
      alreadyRegistered: accepted.length - fresh.size,
      refused,
    };
  }

  async list(userId: string): Promise<{ count: number; hashes: RegisteredHashView[] }> {
    const records = await this.deps.store.list(userId);
    const hashes = records.map(viewOf).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { count: hashes.length, hashes };
  }

  async delete(userId: string, hashId: string): Promise<void> {
    const record = await this.deps.store.get(userId, hashId);
    if (!record) throw new DomainError("not-found", "No such registered hash");
    await this.deps.index.remove(userId, hashId);
    await this.deps.store.delete(userId, [hashId]);
  }

  async deleteAll(userId: string): Promise<number> {
    await this.deps.index.removeUser(userId);
    const records = await this.deps.store.list(userId);
    await this.deps.store.delete(
      userId,
      records.map((r) => r.hashId),
    );
    return records.length;
  }

  /** The account's erasure: the index rows go (the sealed items go with the account's other items). */
  async userErased(userId: string): Promise<void> {
    await this.deps.index.removeUser(userId);
  }

  /** The hashes in clear, for the owner's export only. */
  async reveal(userId: string): Promise<(RegisteredHashView & { hash: string })[]> {
    const records = await this.deps.store.list(userId);
    const revealed: (RegisteredHashView & { hash: string })[] = [];
    for (const record of records)
      revealed.push({ ...viewOf(record), hash: await openRegisteredHash(this.deps.keys, userId, record) });
    return revealed.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /**
   * The hash-sharing format StopNCII-style programmes and ThreatExchange tools read: one hash a line,
   * PDQ hex then quality, comma-separated.
   */
  async exportLines(userId: string): Promise<string> {
    const revealed = await this.reveal(userId);
    return revealed.map((h) => `${h.hash},${h.quality}\n`).join("");
  }

  private async seal(userId: string, inputs: RegisteredHashInput[]) {
    if (inputs.length === 0) return [];
    // One data key per registration: every record keeps it wrapped, so deleting a record leaves its
    // ciphertext nowhere while the others still open with their own copy.
    const { plaintext, wrapped } = await this.deps.keys.generateDataKey(HASH_CONTEXT(userId));
    try {
      const createdAt = this.deps.now().toISOString();
      const encryptedDataKey = Buffer.from(wrapped).toString("base64");
      return inputs.map((input) => ({
        hex: input.hash,
        record: {
          userId,
          hashId: (this.deps.newId ?? randomUUID)(),
          quality: input.quality,
          source: input.source,
          encryptedHash: sealBytes(plaintext, Buffer.from(input.hash, "hex")),
          encryptedDataKey,
          createdAt,
        },
      }));
    } finally {
      plaintext.fill(0);
    }
  }
}

/** A sealed hash in clear (64 hex characters): for its owner's exports, never for a list or a screen. */
export async function openRegisteredHash(
  keys: DataKeyService,
  userId: string,
  sealed: Pick<RegisteredHashRecord, "encryptedHash" | "encryptedDataKey">,
): Promise<string> {
  const key = await keys.unwrapDataKey(Buffer.from(sealed.encryptedDataKey, "base64"), HASH_CONTEXT(userId));
  try {
    return openBytes(key, sealed.encryptedHash).toString("hex");
  } finally {
    key.fill(0);
  }
}
