import { mkdirSync } from "node:fs";
import type http from "node:http";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { tableDesign } from "@lg/domain/table/index";
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
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient(localClientConfig(endpoint));
  const design = tableDesign();
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // dynalite cannot add an index to an existing table: a data dir from before one was added lacks it.
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    const missing = design.globalSecondaryIndexes.filter((i) => !present.has(i.indexName)).map((i) => i.indexName);
    if (missing.length > 0)
      console.warn(
        `The local table predates its index${missing.length > 1 ? "es" : ""} ${missing.join(", ")}: queries on ${missing.length > 1 ? "them" : "it"} fail. Run \`npm run reset\` to recreate the table (it deletes the local data).`,
      );
    client.destroy();
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
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
  client.destroy();
}
