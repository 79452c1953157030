import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { ALERT_CLAIMS_PARTITION, AlertOwed } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type { AlertOutbox, AlertOwedRecord } from "../scan-ports.js";

export class DynamoAlertOutbox implements AlertOutbox {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private key(userId: string, threatId: string) {
    return AlertOwed.key({ userId, threatId });
  }

  async oweIfAbsent(owed: AlertOwedRecord) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(AlertOwed, owed),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }

  async pending(userId: string, claimStaleBefore: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: AlertOwed.primary.query({ userId }).ExpressionAttributeValues,
      ConsistentRead: true,
    });
    return items
      .map((i) => fromItem(AlertOwed, i))
      .filter((o) => o.status === "owed" || (o.status === "sending" && (o.claimedAt ?? "") < claimStaleBefore));
  }

  async claim(userId: string, threatId: string, at: string, claimStaleBefore: string) {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(userId, threatId),
          // Into the claims index by claim time, where the sweeper finds it if this sender dies.
          UpdateExpression: "SET #s = :sending, claimedAt = :at, gsi2pk = :claims, gsi2sk = :claimKey",
          ConditionExpression: "#s = :owed OR (#s = :sending AND claimedAt < :stale)",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: {
            ":sending": "sending",
            ":owed": "owed",
            ":at": at,
            ":stale": claimStaleBefore,
            ":claims": ALERT_CLAIMS_PARTITION,
            ":claimKey": `${at}#${userId}#${threatId}`,
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async staleClaims(claimStaleBefore: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :claims AND gsi2sk < :stale",
      ExpressionAttributeValues: { ":claims": ALERT_CLAIMS_PARTITION, ":stale": claimStaleBefore },
    });
    return items.map((i) => fromItem(AlertOwed, i)).filter((o) => o.status === "sending");
  }

  async markSent(userId: string, threatId: string, at: string) {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: this.key(userId, threatId),
        UpdateExpression: "SET #s = :sent, sentAt = :at REMOVE gsi2pk, gsi2sk",
        ExpressionAttributeNames: { "#s": "status" },
        ExpressionAttributeValues: { ":sent": "sent", ":at": at },
      }),
    );
  }
}
