import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { type EntityDefinition, fromItem, toItem } from "./entity.js";

/**
 * DynamoDB items stop at 400 KB of UTF-8; a larger value is not kept, only computed again.
 * Counted in bytes: text quoted from media (C2PA labels, explanations) may be non-ASCII.
 */
export const MAX_JSON_ITEM_BYTES = 350_000;

export interface ExpiringJsonItemsOptions {
  /** The attribute of the entity that holds the value as JSON text. */
  field: string;
  ttlSeconds: number;
  maxBytes?: number;
  now?: () => Date;
}

/**
 * Items of one entity that each hold a value as JSON beside its key attributes, `createdAt` and
 * `expiresAt`: the scan's shared findings, its item outcomes and the analysis cache. Writes are
 * unconditional because racing workers write the same value for the same key.
 */
export class ExpiringJsonItems<Key extends object, Value> {
  private readonly now: () => Date;
  private readonly maxBytes: number;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly entity: EntityDefinition<z.ZodTypeAny>,
    private readonly options: ExpiringJsonItemsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.maxBytes = options.maxBytes ?? MAX_JSON_ITEM_BYTES;
  }

  async get(key: Key): Promise<Value | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.keyOf(key) }));
    if (!out.Item) return null;
    const stored = fromItem(this.entity, out.Item) as Record<string, unknown> & { expiresAt: number };
    // The TTL sweep runs up to days late (and never locally): an expired item is a miss.
    if (stored.expiresAt * 1000 <= this.now().getTime()) return null;
    return JSON.parse(stored[this.options.field] as string) as Value;
  }

  /** False when the value is too large to keep. */
  async put(key: Key, value: Value): Promise<boolean> {
    const json = JSON.stringify(value);
    if (Buffer.byteLength(json, "utf8") > this.maxBytes) return false;
    const now = this.now();
    const item = toItem(this.entity, {
      ...key,
      [this.options.field]: json,
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + this.options.ttlSeconds,
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
    return true;
  }

  private keyOf(key: Key) {
    // The key templates read key attributes only; the rest are placeholders the schema never sees.
    const item = { ...key, [this.options.field]: "", createdAt: "", expiresAt: 0 };
    return { pk: this.entity.primary.pk(item), sk: this.entity.primary.sk(item) };
  }
}
