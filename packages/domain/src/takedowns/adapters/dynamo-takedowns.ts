import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { Alert, TakedownNotice } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { AlertRecord, AlertRepository, NoticeRepository, TakedownNoticeRecord } from "../ports.js";

async function queryIndex(
  doc: DynamoDBDocumentClient,
  input: ConstructorParameters<typeof QueryCommand>[0],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

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
    const items = await queryIndex(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk AND gsi2sk <= :upTo",
      ExpressionAttributeValues: { ":pk": "TAKEDOWN#TRACKING", ":upTo": `${now}#\uffff` },
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
    const items = await queryIndex(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk",
      ExpressionAttributeValues: { ":pk": "ALERT#QUEUED" },
    });
    return items.map((item) => fromItem(Alert, item));
  }
}
