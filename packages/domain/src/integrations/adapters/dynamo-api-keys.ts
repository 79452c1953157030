import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { RateLimitCounter } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { ApiIdempotentRequest, ApiKey } from "../../table/integration-entities.js";
import { queryAll } from "../../table/query-all.js";
import type { ApiKeyRecord, ApiKeyStore } from "../api-keys.js";
import type { UsageCounter } from "../api-rate-limit.js";
import type { IdempotencyStore, IdempotentRequestRecord } from "../idempotency.js";

/** API keys, idempotent requests and per-key usage counters in the single table. */
export class DynamoApiKeys implements ApiKeyStore, IdempotencyStore, UsageCounter {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(key: ApiKeyRecord) {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: toItem(ApiKey, key),
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  }

  async get(keyId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: ApiKey.key({ keyId }), ConsistentRead: true }),
    );
    return out.Item ? fromItem(ApiKey, out.Item) : null;
  }

  async listForAccount(accountId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": ApiKey.indexes.gsi1.pk({ accountId }) },
      ScanIndexForward: false,
    });
    return items.map((i) => fromItem(ApiKey, i));
  }

  async markUsed(keyId: string, at: string) {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: ApiKey.key({ keyId }),
          UpdateExpression: "SET lastUsedAt = :at",
          ConditionExpression:
            "attribute_exists(pk) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(validUntil) OR validUntil > :at)",
          ExpressionAttributeValues: { ":at": at },
          ReturnValues: "ALL_NEW",
        }),
      );
      return out.Attributes ? fromItem(ApiKey, out.Attributes) : null;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async revoke(accountId: string, keyId: string, by: string, at: string) {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: ApiKey.key({ keyId }),
          UpdateExpression: "SET revokedAt = if_not_exists(revokedAt, :at), revokedBy = if_not_exists(revokedBy, :by)",
          ConditionExpression: "attribute_exists(pk) AND accountId = :account",
          ExpressionAttributeValues: { ":at": at, ":by": by, ":account": accountId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async claim(request: IdempotentRequestRecord) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(ApiIdempotentRequest, request),
          // An expired claim (TTL not yet swept) is as good as none.
          ConditionExpression: "attribute_not_exists(pk) OR expiresAt < :now",
          ExpressionAttributeValues: { ":now": Math.floor(Date.parse(request.createdAt) / 1000) },
        }),
      );
      return null;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: {
          pk: ApiIdempotentRequest.primary.pk(request),
          sk: ApiIdempotentRequest.primary.sk(request),
        },
        ConsistentRead: true,
      }),
    );
    return out.Item ? fromItem(ApiIdempotentRequest, out.Item) : null;
  }

  async complete(request: IdempotentRequestRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(ApiIdempotentRequest, request) }));
  }

  async release(request: IdempotentRequestRecord) {
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: ApiIdempotentRequest.primary.pk(request), sk: ApiIdempotentRequest.primary.sk(request) },
          // A failed request frees its key for a retry: the claim expires now.
          UpdateExpression: "SET expiresAt = :zero",
          ConditionExpression: "#state = :progress",
          ExpressionAttributeNames: { "#state": "state" },
          ExpressionAttributeValues: { ":zero": 0, ":progress": "in_progress" },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }

  async hit(key: string, windowStart: number, expiresAt: number): Promise<number> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: RateLimitCounter.key({ key, windowStart }),
        UpdateExpression:
          "ADD hits :one SET #entity = :entity, #key = :key, windowStart = :start, expiresAt = :expires",
        ExpressionAttributeNames: { "#entity": "entity", "#key": "key" },
        ExpressionAttributeValues: {
          ":one": 1,
          ":entity": "RateLimitCounter",
          ":key": key,
          ":start": windowStart,
          ":expires": expiresAt,
        },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(out.Attributes?.hits ?? 1);
  }
}
