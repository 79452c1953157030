import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../../errors.js";
import { isConditionFailure } from "../../table/condition-failure.js";
import { Alert, TakedownEvent, TakedownNotice } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type {
  AlertRecord,
  AlertRepository,
  NoticePage,
  NoticeRepository,
  NoticeStatus,
  TakedownEventRecord,
  TakedownNoticeRecord,
} from "../ports.js";
import type { NoticeState, StoredNoticeStates } from "../threat-takedown.js";

/** Reads per page at most this many times when a state filter leaves pages short. */
const MAX_FILTERED_READS = 10;

const listPartition = (userId: string) => TakedownNotice.indexes.gsi1.pk({ userId });

/** A cursor is the index position of the last notice shown, opaque to the client. */
function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/** Only a position in this person's own list is accepted, so a cursor can never open someone else's. */
function decodeCursor(userId: string, cursor: string): Record<string, string> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    key = undefined;
  }
  const k = key as Record<string, unknown> | undefined;
  const fields = ["pk", "sk", "gsi1pk", "gsi1sk"];
  if (
    !k ||
    typeof k !== "object" ||
    Object.keys(k).length !== fields.length ||
    !fields.every((f) => typeof k[f] === "string") ||
    k.gsi1pk !== listPartition(userId) ||
    k.pk !== TakedownNotice.primary.pk({ userId })
  ) {
    throw new DomainError("invalid", "This page link is not valid; start from the first page.");
  }
  return k as Record<string, string>;
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
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk AND gsi2sk <= :upTo",
      ExpressionAttributeValues: { ":pk": TakedownNotice.indexes.gsi2.pk({}), ":upTo": `${now}#\uffff` },
    });
    return items.map((item) => fromItem(TakedownNotice, item));
  }

  async get(userId: string, noticeId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: TakedownNotice.key({ userId, noticeId }) }),
    );
    return out.Item ? fromItem(TakedownNotice, out.Item) : null;
  }

  async listForUser(userId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: TakedownNotice.primary.query({ userId }).ExpressionAttributeValues,
    });
    return items.map((item) => fromItem(TakedownNotice, item));
  }

  async page(
    userId: string,
    options: { limit: number; cursor?: string; statuses?: readonly NoticeStatus[] },
  ): Promise<NoticePage> {
    const notices: TakedownNoticeRecord[] = [];
    let start: Record<string, unknown> | undefined = options.cursor ? decodeCursor(userId, options.cursor) : undefined;
    const filter = options.statuses?.length
      ? {
          FilterExpression: `#status IN (${options.statuses.map((_, i) => `:s${i}`).join(", ")})`,
          ExpressionAttributeNames: { "#status": "status" },
        }
      : {};
    const statusValues = Object.fromEntries((options.statuses ?? []).map((s, i) => [`:s${i}`, s]));
    for (let reads = 0; reads < MAX_FILTERED_READS && notices.length < options.limit; reads++) {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: "gsi1",
          KeyConditionExpression: "gsi1pk = :pk",
          ExpressionAttributeValues: { ":pk": listPartition(userId), ...statusValues },
          ...filter,
          ScanIndexForward: false,
          Limit: options.limit - notices.length,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      notices.push(...(out.Items ?? []).map((item) => fromItem(TakedownNotice, item)));
      start = out.LastEvaluatedKey;
      if (!start) break;
    }
    return { notices, ...(start ? { cursor: encodeCursor(start) } : {}) };
  }

  async replaceIf(notice: TakedownNoticeRecord, status: NoticeStatus) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(TakedownNotice, notice),
          ConditionExpression: "#status = :expected",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":expected": status },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async appendEvent(event: TakedownEventRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(TakedownEvent, event) }));
  }

  async events(userId: string, noticeId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: TakedownEvent.primary.query({ userId, noticeId }).ExpressionAttributeValues,
    });
    return items.map((item) => fromItem(TakedownEvent, item));
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
      ExpressionAttributeValues: { ":pk": Alert.indexes.gsi2.pk({}) },
    });
    return items.map((item) => fromItem(Alert, item));
  }
}

/** Every stored notice, by table scan: only the one-off migration reads the table this way. */
export class DynamoStoredNotices {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async *pages(): AsyncIterable<TakedownNoticeRecord[]> {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          // Only what the migration changes: notices without the list index, and cases stopped at
          // their deadline; it runs after every deploy, so everything else is left untouched.
          FilterExpression:
            "entity = :entity AND (attribute_not_exists(gsi1pk) OR (#status = :stopped AND attribute_not_exists(nextCheckAt)))",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":entity": TakedownNotice.name, ":stopped": "deadline_passed" },
          ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}),
        }),
      );
      yield (out.Items ?? []).map((item) => fromItem(TakedownNotice, item));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
}

/** The fields of a notice its threat's copy is made of. */
const NoticeStateFields = TakedownNotice.schema.pick({
  userId: true,
  noticeId: true,
  threatId: true,
  status: true,
  channel: true,
  createdAt: true,
  sentAt: true,
  filedAt: true,
  removedAt: true,
  closedAt: true,
  lastCheckedAt: true,
});

/** Every notice past draft, by table scan, reading only its state: the takedown-state backfill's view. */
export class DynamoNoticeStates implements StoredNoticeStates {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async *pages(): AsyncIterable<NoticeState[]> {
    const fields = Object.keys(NoticeStateFields.shape);
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression: "entity = :entity AND #status <> :draft",
          ProjectionExpression: fields.map((_, i) => `#f${i}`).join(", "),
          ExpressionAttributeNames: {
            "#status": "status",
            ...Object.fromEntries(fields.map((field, i) => [`#f${i}`, field])),
          },
          ExpressionAttributeValues: { ":entity": TakedownNotice.name, ":draft": "draft" },
          ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}),
        }),
      );
      yield (out.Items ?? []).map((item) => NoticeStateFields.parse(item));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
}
