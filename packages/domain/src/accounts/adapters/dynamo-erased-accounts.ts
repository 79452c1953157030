import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ErasedAccount, UNFINISHED_ERASURES_PARTITION } from "../../table/entities.js";
import { toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import { type ErasedAccounts, erasedAccountKey, TOMBSTONE_DAYS, type UnfinishedErasure } from "../erased-accounts.js";

export class DynamoErasedAccounts implements ErasedAccounts {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async mark(userId: string, at: Date, username?: string) {
    const item = toItem(ErasedAccount, {
      userIdHash: erasedAccountKey(userId),
      erasedAt: at.toISOString(),
      unfinishedUserId: userId,
      ...(username ? { unfinishedUsername: username } : {}),
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async finished(userId: string, at: Date) {
    // Rewritten whole: the id and sign-in name go, and with them the item's place in the index.
    const item = toItem(ErasedAccount, {
      userIdHash: erasedAccountKey(userId),
      erasedAt: at.toISOString(),
      finishedAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + TOMBSTONE_DAYS * 86_400,
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async unfinished(startedBefore: Date): Promise<UnfinishedErasure[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :unfinished AND gsi2sk < :before",
      ExpressionAttributeValues: {
        ":unfinished": UNFINISHED_ERASURES_PARTITION,
        ":before": startedBefore.toISOString(),
      },
    });
    return items.map((item) => ({
      userId: String(item.unfinishedUserId),
      ...(item.unfinishedUsername ? { username: String(item.unfinishedUsername) } : {}),
      erasedAt: String(item.erasedAt),
    }));
  }

  async isErased(userId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: ErasedAccount.key({ userIdHash: erasedAccountKey(userId) }),
        // A stale read could miss a mark made a moment ago: the one race this item exists to close.
        ConsistentRead: true,
      }),
    );
    return Boolean(out.Item);
  }
}
