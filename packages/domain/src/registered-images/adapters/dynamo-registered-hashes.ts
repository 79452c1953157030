import { BatchWriteCommand, type DynamoDBDocumentClient, GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import { RegisteredImageHash } from "../../table/registered-image-entities.js";
import type { RegisteredHashRecord, RegisteredHashStore } from "../registered-image-service.js";

const keyOf = (userId: string, hashId: string) => ({
  pk: RegisteredImageHash.primary.pk({ userId } as RegisteredHashRecord),
  sk: RegisteredImageHash.primary.sk({ hashId } as RegisteredHashRecord),
});

/** DynamoDB's BatchWriteItem limit. */
const BATCH = 25;

export class DynamoRegisteredHashes implements RegisteredHashStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(records: RegisteredHashRecord[]) {
    await this.write(records.map((record) => ({ PutRequest: { Item: toItem(RegisteredImageHash, record) } })));
  }

  /** How many hashes the account holds, counted by DynamoDB (the dashboard's figure reads no sealed hash). */
  async count(userId: string): Promise<number> {
    let total = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
          ExpressionAttributeValues: { ":pk": keyOf(userId, "").pk, ":prefix": keyOf(userId, "").sk },
          Select: "COUNT",
          ExclusiveStartKey,
        }),
      );
      total += page.Count ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return total;
  }

  async list(userId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      // The sort-key template with no id is the prefix every hash's key starts with.
      ExpressionAttributeValues: { ":pk": keyOf(userId, "").pk, ":prefix": keyOf(userId, "").sk },
      ConsistentRead: true,
    });
    return items.map((item) => fromItem(RegisteredImageHash, item));
  }

  async get(userId: string, hashId: string) {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keyOf(userId, hashId), ConsistentRead: true }),
    );
    return Item ? fromItem(RegisteredImageHash, Item) : null;
  }

  async delete(userId: string, hashIds: string[]) {
    await this.write(hashIds.map((hashId) => ({ DeleteRequest: { Key: keyOf(userId, hashId) } })));
  }

  private async write(requests: Record<string, unknown>[]) {
    for (let start = 0; start < requests.length; start += BATCH) {
      let pending: Record<string, unknown>[] | undefined = requests.slice(start, start + BATCH);
      // Unprocessed items (throttling) are sent again until none are left.
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
        const out = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: pending } }));
        pending = out.UnprocessedItems?.[this.tableName] as Record<string, unknown>[] | undefined;
      }
    }
  }
}
