import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { ScanLock } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { ScanLockRecord, ScanLocks } from "../scan-ports.js";

export class DynamoScanLocks implements ScanLocks {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private key(userId: string) {
    return ScanLock.key({ userId });
  }

  async acquire(lock: ScanLockRecord, now: Date): ReturnType<ScanLocks["acquire"]> {
    // Refused, then found free: the holder released it in between, so the put is tried again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: toItem(ScanLock, lock),
            ConditionExpression: "attribute_not_exists(pk) OR scanId = :scanId OR leaseUntil < :now",
            ExpressionAttributeValues: { ":scanId": lock.scanId, ":now": now.toISOString() },
          }),
        );
        return { acquired: true };
      } catch (e) {
        if (!isConditionFailure(e)) throw e;
      }
      const out = await this.doc.send(
        new GetCommand({ TableName: this.tableName, Key: this.key(lock.userId), ConsistentRead: true }),
      );
      if (out.Item) return { acquired: false, holder: fromItem(ScanLock, out.Item).scanId };
    }
    throw new Error("The scan slot changed hands too often to take");
  }

  async release(userId: string, scanId: string) {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: this.key(userId),
          ConditionExpression: "scanId = :scanId",
          ExpressionAttributeValues: { ":scanId": scanId },
        }),
      );
    } catch (e) {
      // Another scan holds it (this one's lease ran out) or nobody does: nothing of ours to free.
      if (!isConditionFailure(e)) throw e;
    }
  }
}
