import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { Scan } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { ScanRecord, ScanRepository } from "../scan-ports.js";

export class DynamoScanRepository implements ScanRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(scan: ScanRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(Scan, scan) }));
  }

  async get(userId: string, scanId: string) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: Scan.key({ userId, scanId }) }));
    return out.Item ? fromItem(Scan, out.Item) : null;
  }

  async recordPlatformProgress(
    userId: string,
    scanId: string,
    platformId: string,
    progress: { items: number; threats: number },
  ) {
    const key = Scan.key({ userId, scanId });
    const setEntry = () =>
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: "SET #progress.#platform = :progress",
          ConditionExpression: "attribute_exists(pk) AND attribute_exists(#progress)",
          ExpressionAttributeNames: { "#progress": "platformProgress", "#platform": platformId },
          ExpressionAttributeValues: { ":progress": progress },
        }),
      );
    const createMap = () =>
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: "SET #progress = :progress",
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(#progress)",
          ExpressionAttributeNames: { "#progress": "platformProgress" },
          ExpressionAttributeValues: { ":progress": { [platformId]: progress } },
        }),
      );
    // New records carry the map; one written before it existed gets it on the first platform's entry.
    try {
      await setEntry();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      try {
        await createMap();
      } catch (again) {
        // Another platform created the map in between, or the record is gone (nothing to update).
        if (!isConditionFailure(again)) throw again;
        await setEntry().catch((last: unknown) => {
          if (!isConditionFailure(last)) throw last;
        });
      }
    }
  }

  async list(userId: string, limit = 20) {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
        ExpressionAttributeValues: Scan.primary.query({ userId }).ExpressionAttributeValues,
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => fromItem(Scan, i));
  }
}
