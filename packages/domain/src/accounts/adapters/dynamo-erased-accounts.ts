import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ErasedAccount } from "../../table/entities.js";
import { toItem } from "../../table/entity.js";
import { type ErasedAccounts, erasedAccountKey, TOMBSTONE_DAYS } from "../erased-accounts.js";

export class DynamoErasedAccounts implements ErasedAccounts {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async mark(userId: string, at: Date) {
    const item = toItem(ErasedAccount, {
      userIdHash: erasedAccountKey(userId),
      erasedAt: at.toISOString(),
      expiresAt: Math.floor(at.getTime() / 1000) + TOMBSTONE_DAYS * 86_400,
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async isErased(userId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: `ERASED#${erasedAccountKey(userId)}`, sk: "ERASED" },
        // A stale read could miss a mark made a moment ago: the one race this item exists to close.
        ConsistentRead: true,
      }),
    );
    return Boolean(out.Item);
  }
}
