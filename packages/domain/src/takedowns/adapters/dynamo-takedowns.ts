import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { Alert, TakedownNotice } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type { AlertRecord, AlertRepository, NoticeRepository, TakedownNoticeRecord } from "../ports.js";

export class DynamoNoticeRepository implements NoticeRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(notice: TakedownNoticeRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(TakedownNotice, notice) }));
  }

  async dueForCheck(now: string) {
    // gsi2sk starts with nextCheckAt; "#" sorts after every ISO timestamp character we compare.
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk AND gsi2sk <= :upTo",
      ExpressionAttributeValues: { ":pk": "TAKEDOWN#TRACKING", ":upTo": `${now}#\uffff` },
    });
    return items.map((item) => fromItem(TakedownNotice, item));
  }

  async get(userId: string, noticeId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `USER#${userId}`, sk: `NOTICE#${noticeId}` } }),
    );
    return out.Item ? fromItem(TakedownNotice, out.Item) : null;
  }

  async listForUser(userId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":sk": "NOTICE#" },
    });
    return items.map((item) => fromItem(TakedownNotice, item));
  }
}

export class DynamoAlertRepository implements AlertRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(alert: AlertRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(Alert, alert) }));
  }

  async queued() {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk",
      ExpressionAttributeValues: { ":pk": "ALERT#QUEUED" },
    });
    return items.map((item) => fromItem(Alert, item));
  }
}
