import { openEmbedding } from "../biometrics/embedding-cipher.js";
import type { DataKeyService } from "../biometrics/ports.js";
import { openRegisteredHash } from "../registered-images/registered-image-service.js";
import { TABLE_INDEXES, TABLE_KEYS } from "../table/entity.js";
import type { AccountStore, StoredItem } from "./ports.js";

const SECRET_ATTRIBUTES = new Set([
  "encryptedEmbedding",
  "encryptedHash",
  "encryptedDataKey",
  "refreshToken",
  "sessionHash",
]);
// Every index's keys, so a new index never shows up in an export.
const KEY_ATTRIBUTES = new Set<string>([
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...Object.values(TABLE_INDEXES).flatMap((i) => [i.partitionKey, i.sortKey]),
]);

/**
 * "Export my data": everything stored about the user, grouped by kind. Sealed embeddings are left
 * out unless the person asks for biometrics, in which case they are decrypted into plain numbers.
 * Registered image hashes are always opened: they are the person's own, and the export is how they
 * take them to another hash-sharing programme.
 */
export class ExportService {
  constructor(private readonly deps: { store: AccountStore; keys: DataKeyService; now: () => Date }) {}

  async export(userId: string, includeBiometrics: boolean) {
    const items = await this.deps.store.listUserItems(userId);
    const sessions = await this.deps.store.listSessions(userId);
    const grouped: Record<string, Record<string, unknown>[]> = {};
    for (const item of items) {
      const kind = item.entity ?? "Other";
      const record = await this.exportable(userId, item, includeBiometrics);
      grouped[kind] = [...(grouped[kind] ?? []), record];
    }
    return {
      exportedAt: this.deps.now().toISOString(),
      userId,
      includesBiometrics: includeBiometrics,
      data: grouped,
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt,
        expiresAt: new Date(s.expiresAt * 1000).toISOString(),
      })),
    };
  }

  private async exportable(userId: string, item: StoredItem, includeBiometrics: boolean) {
    const record: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(item)) {
      if (!KEY_ATTRIBUTES.has(name) && !SECRET_ATTRIBUTES.has(name) && name !== "entity") record[name] = value;
    }
    if (includeBiometrics && item.entity === "BiometricSample") {
      const modality = item.modality === "voice" ? "voice" : "face";
      const embedding = await openEmbedding(this.deps.keys, userId, modality, {
        encryptedEmbedding: String(item.encryptedEmbedding),
        encryptedDataKey: String(item.encryptedDataKey),
      });
      record.embedding = Array.from(embedding);
    }
    if (item.entity === "RegisteredImageHash") {
      record.hash = await openRegisteredHash(this.deps.keys, userId, {
        encryptedHash: String(item.encryptedHash),
        encryptedDataKey: String(item.encryptedDataKey),
      });
    }
    return record;
  }
}
