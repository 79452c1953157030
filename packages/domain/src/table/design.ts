import { ENTITIES } from "./entities.js";
import { type IndexName, TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from "./entity.js";

/**
 * The table as the entities need it: only indexes some entity writes are created,
 * and TTL is on when some entity expires. CDK, the local stack and docs all read this.
 */
export interface TableDesign {
  partitionKey: string;
  sortKey: string;
  ttlAttribute?: string;
  globalSecondaryIndexes: { indexName: IndexName; partitionKey: string; sortKey: string }[];
}

export function tableDesign(): TableDesign {
  const used = new Set<IndexName>();
  for (const e of ENTITIES) for (const name of Object.keys(e.indexes ?? {}) as IndexName[]) used.add(name);
  return {
    ...TABLE_KEYS,
    ...(ENTITIES.some((e) => e.ttl) ? { ttlAttribute: TTL_ATTRIBUTE } : {}),
    globalSecondaryIndexes: [...used].sort().map((indexName) => ({ indexName, ...TABLE_INDEXES[indexName] })),
  };
}
