import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll } from "vitest";
import type { RunningServer } from "../../local/src/aws/http-server.js";
import { localClientConfig } from "../../local/src/stand-ins/client-config.js";
import { ensureTable, startDynamoDb } from "../../local/src/stand-ins/dynamodb.js";

/**
 * The local stack's DynamoDB stand-in for one test file, with the product's table: its
 * conditional writes are what races are decided by, so race tests run against them.
 */
export function useDynamoStandIn(table: string) {
  const handle = { doc: undefined as unknown as DynamoDBDocumentClient, table };
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), `lg-${table}-`));
    server = await startDynamoDb(dir);
    await ensureTable(server.url, table);
    handle.doc = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(server.url)), {
      marshallOptions: { removeUndefinedValues: true },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}
