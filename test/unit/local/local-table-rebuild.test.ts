import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";
import { tableDesign } from "@lg/domain/table/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { ensureTable, startDynamoDb } from "../../../local/src/stand-ins/dynamodb.js";

const TABLE = "older-table";
let dir: string;
let dynamodb: RunningServer;
let client: DynamoDBClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-table-rebuild-"));
  dynamodb = await startDynamoDb(path.join(dir, "dynamodb"));
  client = new DynamoDBClient(localClientConfig(dynamodb.url));
});

afterAll(async () => {
  client.destroy();
  await dynamodb.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local table kept from an older version", () => {
  it("is rebuilt with every index the entities use, keeping its items and a backup of them", async () => {
    const { partitionKey, sortKey } = tableDesign();
    // As an older version made it: the primary key only, no secondary index.
    await client.send(
      new CreateTableCommand({
        TableName: TABLE,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [
          { AttributeName: partitionKey, AttributeType: "S" },
          { AttributeName: sortKey, AttributeType: "S" },
        ],
        KeySchema: [
          { AttributeName: partitionKey, KeyType: "HASH" },
          { AttributeName: sortKey, KeyType: "RANGE" },
        ],
      }),
    );
    // A new table is CREATING for a moment, as in AWS: writing before it is ACTIVE is refused.
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: TABLE });
    const key = { [partitionKey]: { S: "USER#kept" }, [sortKey]: { S: "PROFILE" } };
    await client.send(new PutItemCommand({ TableName: TABLE, Item: { ...key, note: { S: "still here" } } }));

    expect(await ensureTable(dynamodb.url, TABLE, dir)).toBe("rebuilt");

    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE }));
    expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(
      tableDesign()
        .globalSecondaryIndexes.map((i) => i.indexName)
        .sort(),
    );
    const kept = await client.send(new GetItemCommand({ TableName: TABLE, Key: key }));
    expect(kept.Item?.note?.S).toBe("still here");
    expect(readdirSync(dir).some((f) => f.startsWith(`${TABLE}-before-`) && f.endsWith(".json"))).toBe(true);

    // Nothing to do the next time: no second backup, the item stays.
    const backups = readdirSync(dir).length;
    expect(await ensureTable(dynamodb.url, TABLE, dir)).toBe("kept");
    expect(readdirSync(dir)).toHaveLength(backups);
    expect(await ensureTable(dynamodb.url, "brand-new", dir)).toBe("created");
    expect(existsSync(path.join(dir, "dynamodb"))).toBe(true);
  });
});
