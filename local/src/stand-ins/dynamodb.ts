import { mkdirSync, writeFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
  type TableDescription,
  type WriteRequest,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from "@aws-sdk/client-dynamodb";
import { tableDesign } from "@lg/domain/table/index";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import dynalite from "dynalite";
import { listen, type RunningServer } from "../aws/http-server.js";
import { localClientConfig } from "./client-config.js";

/** dynalite persisted under the data dir (LevelDB), with no artificial CREATING/DELETING delays. */
export async function startDynamoDb(dir: string): Promise<RunningServer> {
  mkdirSync(dir, { recursive: true });
  const server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 }) as http.Server;
  return listen(server);
}

/**
 * Creates the single table from the entity definitions, as the data stack does, unless it exists.
 * TTL is not enabled: dynalite has no TTL, and product code never relies on it for correctness.
 * A table kept from an older version that lacks an index the entities now use is rebuilt with its
 * items (dynalite cannot add an index to a table; in AWS, CloudFormation adds it): the items are
 * written to a backup file in `backupDir` first, so an interrupted rebuild loses nothing.
 * Says which it did: a table just created holds nothing to migrate.
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  backupDir?: string,
): Promise<"created" | "kept" | "rebuilt"> {
  const client = buildAwsClient(DynamoDBClient, localClientConfig(endpoint));
  try {
    const design = tableDesign();
    let existing: TableDescription | undefined;
    try {
      existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    if (!existing) {
      await createTable(client, tableName);
      return "created";
    }
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    const missing = design.globalSecondaryIndexes.filter((i) => !present.has(i.indexName)).map((i) => i.indexName);
    if (missing.length === 0) return "kept";
    const items = await allItems(client, tableName);
    const backup = backupDir ? path.join(backupDir, `${tableName}-before-${missing.join("-")}.json`) : undefined;
    if (backup) writeFileSync(backup, JSON.stringify(items));
    console.warn(
      `The local table predates its index${missing.length > 1 ? "es" : ""} ${missing.join(", ")}: rebuilding it with its ${items.length} items${backup ? ` (backup: ${backup})` : ""}.`,
    );
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    await waitUntilTableNotExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName });
    await createTable(client, tableName);
    for (let at = 0; at < items.length; at += 25) {
      let pending: WriteRequest[] = items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
        pending = out.UnprocessedItems?.[tableName] ?? [];
      }
    }
    return "rebuilt";
  } finally {
    client.destroy();
  }
}

async function allItems(client: DynamoDBClient, tableName: string): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const design = tableDesign();
  const keyNames = new Set([
    design.partitionKey,
    design.sortKey,
    ...design.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ]);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [...keyNames].map((name) => ({ AttributeName: name, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: design.partitionKey, KeyType: "HASH" },
        { AttributeName: design.sortKey, KeyType: "RANGE" },
      ],
      ...(design.globalSecondaryIndexes.length > 0
        ? {
            GlobalSecondaryIndexes: design.globalSecondaryIndexes.map((index) => ({
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: "HASH" },
                { AttributeName: index.sortKey, KeyType: "RANGE" },
              ],
              Projection: { ProjectionType: "ALL" },
            })),
          }
        : {}),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName });
}
