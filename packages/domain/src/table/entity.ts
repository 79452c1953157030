import type { z } from "zod";
import { type KeyTemplate, type KeyValue, type KeyValues, keyTemplate } from "./key-template.js";

/**
 * One entity definition drives its keys, the GSIs it writes, and (through `tableDesign`) the
 * DynamoDB table itself, so the CDK table, the local table and the docs cannot drift. Keys are
 * declared as templates of the item's attributes (key-template.ts), from which the typed `key()`
 * and each index's key and query builders are generated: no adapter spells a key itself.
 */
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

export interface IndexDeclaration<P extends string = string, S extends string = string> {
  pk: P;
  sk: S;
}

type IndexDeclarations = { readonly [N in IndexName]?: IndexDeclaration };

export interface EntityDeclaration<S extends z.ZodTypeAny, P extends string, K extends string, I> {
  /** Stored in every item as `entity`, so a mixed query can be told apart. */
  name: string;
  description: string;
  schema: S;
  primary: { pk: P; sk: K };
  /** GSIs this entity writes, by index name (must be one of TABLE_INDEXES). */
  indexes?: I;
  /** Sparse indexes: an item is in the index only while its predicate holds (e.g. a notice still tracked). */
  sparse?: { [N in keyof I]?: (item: z.infer<S>) => boolean };
  /** Composites computed from the item (a sort rank, a fallback), named in the templates like attributes. */
  derive?: (item: z.infer<S>) => Record<string, KeyValue | undefined>;
  /** True when items carry `expiresAt` (epoch seconds) and DynamoDB TTL removes them. */
  ttl?: boolean;
  /** Access patterns this entity serves, written for people reading docs/data-model.md. */
  accessPatterns: string[];
  /** Trade-offs and operating notes for docs/data-model.md. */
  notes?: string[];
}

/** A Query's key condition on one index: spread it into a QueryCommand's input. */
export interface KeyQuery {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, string>;
}

export interface EntityIndex<T, P extends string = string, S extends string = string> {
  readonly pkTemplate: KeyTemplate<P>;
  readonly skTemplate: KeyTemplate<S>;
  /** The attribute names this index's keys are stored under. */
  readonly attributes: { partitionKey: string; sortKey: string };
  pk(values: KeyValues<P>): string;
  sk(values: KeyValues<S>): string;
  /** The sort key up to the first composite not given, for `begins_with` or a key range. */
  skPrefix(values: Partial<KeyValues<S>>): string;
  /** Both keys of a stored item; undefined when a sparse index does not hold it. */
  of(item: T): { pk: string; sk: string } | undefined;
  /** Both keys computed from an item, whether or not a sparse index holds it (for docs). */
  keysFrom(item: T): { pk: string; sk: string };
  /** The partition, and sort keys beginning with the sort-key composites given (in order). */
  query(values: KeyValues<P> & Partial<KeyValues<S>>): KeyQuery;
}

type BuiltIndexes<T, I> = {
  readonly [N in keyof I]: I[N] extends IndexDeclaration<infer P, infer S> ? EntityIndex<T, P, S> : never;
};

export interface EntityDefinition<
  S extends z.ZodTypeAny,
  P extends string = string,
  K extends string = string,
  I = IndexDeclarations,
> {
  readonly name: string;
  readonly description: string;
  readonly schema: S;
  readonly primary: EntityIndex<z.infer<S>, P, K>;
  readonly indexes: BuiltIndexes<z.infer<S>, I>;
  readonly ttl?: boolean;
  readonly accessPatterns: string[];
  readonly notes?: string[];
  /** The item's primary key from its key composites: `Key` of a Get, Update or Delete. */
  key(values: KeyValues<P> & KeyValues<K>): { pk: string; sk: string };
}

function buildIndex<T, P extends string, S extends string>(
  declaration: IndexDeclaration<P, S>,
  holds: ((item: T) => boolean) | undefined,
  attributes: { partitionKey: string; sortKey: string },
  indexName: string | undefined,
  derive: ((item: T) => Record<string, KeyValue | undefined>) | undefined,
): EntityIndex<T, P, S> {
  const pkTemplate = keyTemplate(declaration.pk);
  const skTemplate = keyTemplate(declaration.sk);
  return {
    pkTemplate,
    skTemplate,
    attributes,
    pk: (values) => pkTemplate.build(values),
    sk: (values) => skTemplate.build(values),
    skPrefix: (values) => skTemplate.prefixOf(values),
    keysFrom(item) {
      const derived = derive?.(item) ?? {};
      // A reader, not a spread: the item may be a Proxy (docs/data-model.md renders templates with one).
      const read = (name: string) => (name in derived ? derived[name] : (item as Record<string, unknown>)[name]);
      return { pk: pkTemplate.buildFrom(read), sk: skTemplate.buildFrom(read) };
    },
    of(item) {
      return holds && !holds(item) ? undefined : this.keysFrom(item);
    },
    query(values) {
      const pk = pkTemplate.build(values as KeyValues<P>);
      const skPrefix = skTemplate.prefixOf(values as Partial<KeyValues<S>>);
      return {
        ...(indexName ? { IndexName: indexName } : {}),
        KeyConditionExpression: skPrefix
          ? `${attributes.partitionKey} = :pk AND begins_with(${attributes.sortKey}, :sk)`
          : `${attributes.partitionKey} = :pk`,
        ExpressionAttributeValues: { ":pk": pk, ...(skPrefix ? { ":sk": skPrefix } : {}) },
      };
    },
  };
}

export function defineEntity<
  S extends z.ZodTypeAny,
  const P extends string,
  const K extends string,
  const I extends IndexDeclarations = Record<never, never>,
>(declaration: EntityDeclaration<S, P, K, I>): EntityDefinition<S, P, K, I> {
  const { primary, indexes, sparse, derive, ...described } = declaration;
  const holds = (sparse ?? {}) as Partial<Record<IndexName, (item: z.infer<S>) => boolean>>;
  const built: Record<string, EntityIndex<z.infer<S>>> = {};
  for (const [name, index] of Object.entries(indexes ?? {}) as [IndexName, IndexDeclaration][])
    built[name] = buildIndex(index, holds[name], TABLE_INDEXES[name], name, derive);
  const primaryIndex = buildIndex(primary, undefined, TABLE_KEYS, undefined, derive);
  return {
    ...described,
    primary: primaryIndex,
    indexes: built as BuiltIndexes<z.infer<S>, I>,
    key: (values) => ({ pk: primaryIndex.pk(values), sk: primaryIndex.sk(values) }),
  };
}

/** The stored item: the entity's attributes plus its computed keys. */
export function toItem<S extends z.ZodTypeAny>(def: AnyEntity<S>, value: z.infer<S>): Record<string, unknown> {
  const parsed = def.schema.parse(value) as z.infer<S>;
  const keys = def.primary.of(parsed);
  if (!keys) throw new Error(`${def.name}: no primary key`);
  const item: Record<string, unknown> = {
    ...(parsed as Record<string, unknown>),
    entity: def.name,
    [TABLE_KEYS.partitionKey]: keys.pk,
    [TABLE_KEYS.sortKey]: keys.sk,
  };
  for (const index of Object.values(def.indexes) as EntityIndex<z.infer<S>>[]) {
    const indexKeys = index.of(parsed);
    if (indexKeys) {
      item[index.attributes.partitionKey] = indexKeys.pk;
      item[index.attributes.sortKey] = indexKeys.sk;
    }
  }
  return item;
}

/** Any entity of one schema, whatever its key templates: what generic table code accepts. */
// biome-ignore lint/suspicious/noExplicitAny: key templates are irrelevant to generic item code
export type AnyEntity<S extends z.ZodTypeAny = z.ZodTypeAny> = EntityDefinition<S, any, any, any>;

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  "entity",
  ...Object.values(TABLE_INDEXES).flatMap((i) => [i.partitionKey, i.sortKey]),
]);

/** Strips keys and bookkeeping attributes, then validates against the entity schema. */
export function fromItem<S extends z.ZodTypeAny>(def: AnyEntity<S>, item: Record<string, unknown>): z.infer<S> {
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) if (!KEY_ATTRIBUTES.has(name)) rest[name] = value;
  return def.schema.parse(rest);
}
