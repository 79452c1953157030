import type { z } from "zod";

/**
 * One entity definition drives its keys, the GSIs it writes, and (through `tableDesign`)
 * the DynamoDB table itself, so the CDK table, the local table and the docs cannot drift.
 */
export type KeyTemplate<T> = (item: T) => string;

export interface IndexKeys<T> {
  pk: KeyTemplate<T>;
  sk: KeyTemplate<T>;
}

export interface EntityDefinition<S extends z.ZodTypeAny, K extends string = string> {
  /** Stored in every item as `entity`, so a mixed query can be told apart. */
  name: string;
  description: string;
  schema: S;
  primary: IndexKeys<z.infer<S>>;
  /** GSIs this entity writes, by index name (must be one of TABLE_INDEXES). */
  indexes?: Partial<Record<IndexName, IndexKeys<z.infer<S>>>>;
  /** True when items carry `expiresAt` (epoch seconds) and DynamoDB TTL removes them. */
  ttl?: boolean;
  /** Access patterns this entity serves, written for people reading docs/data-model.md. */
  accessPatterns: string[];
  /** Trade-offs and operating notes for docs/data-model.md. */
  notes?: string[];
  /** Extra names, for type inference only. */
  _keyNames?: K;
}

export const TABLE_KEYS = { partitionKey: "pk", sortKey: "sk" } as const;
export const TTL_ATTRIBUTE = "expiresAt";

export const TABLE_INDEXES = {
  gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
  gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  gsi3: { partitionKey: "gsi3pk", sortKey: "gsi3sk" },
  gsi4: { partitionKey: "gsi4pk", sortKey: "gsi4sk" },
  gsi5: { partitionKey: "gsi5pk", sortKey: "gsi5sk" },
} as const;
export type IndexName = keyof typeof TABLE_INDEXES;

export function defineEntity<S extends z.ZodTypeAny>(def: EntityDefinition<S>): EntityDefinition<S> {
  return def;
}

/** The stored item: the entity's attributes plus its computed keys. */
export function toItem<S extends z.ZodTypeAny>(def: EntityDefinition<S>, value: z.infer<S>): Record<string, unknown> {
  const parsed = def.schema.parse(value) as Record<string, unknown>;
  const item: Record<string, unknown> = {
    ...parsed,
    entity: def.name,
    [TABLE_KEYS.partitionKey]: def.primary.pk(parsed as z.infer<S>),
    [TABLE_KEYS.sortKey]: def.primary.sk(parsed as z.infer<S>),
  };
  for (const [name, keys] of Object.entries(def.indexes ?? {}) as [IndexName, IndexKeys<z.infer<S>>][]) {
    const pk = keys.pk(parsed as z.infer<S>);
    // An empty key means "not in this index right now" (a sparse index), e.g. a closed takedown.
    if (pk) {
      item[TABLE_INDEXES[name].partitionKey] = pk;
      item[TABLE_INDEXES[name].sortKey] = keys.sk(parsed as z.infer<S>);
    }
  }
  return item;
}

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  "entity",
  ...Object.values(TABLE_INDEXES).flatMap((i) => [i.partitionKey, i.sortKey]),
]);

/** Strips keys and bookkeeping attributes, then validates against the entity schema. */
export function fromItem<S extends z.ZodTypeAny>(def: EntityDefinition<S>, item: Record<string, unknown>): z.infer<S> {
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) if (!KEY_ATTRIBUTES.has(name)) rest[name] = value;
  return def.schema.parse(rest);
}
