import { type DynamoDBDocumentClient, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { RateLimitCounter } from "../../table/index.js";
import type { RateCounterStore } from "../rate-limits.js";

/** Rate-limit counters as items with TTL (entity RateLimitCounter), raised by one conditional update. */
export class DynamoRateCounters implements RateCounterStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async increment(counter: { key: string; windowStart: number; expiresAt: number; limit: number }) {
    const keys = { key: counter.key, windowStart: counter.windowStart, hits: 0, expiresAt: counter.expiresAt };
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: RateLimitCounter.primary.pk(keys), sk: RateLimitCounter.primary.sk(keys) },
          UpdateExpression:
            "ADD hits :one SET #entity = :entity, #key = :key, windowStart = :start, expiresAt = :expires",
          ConditionExpression: "attribute_not_exists(hits) OR hits < :limit",
          ExpressionAttributeNames: { "#entity": "entity", "#key": "key" },
          ExpressionAttributeValues: {
            ":one": 1,
            ":entity": RateLimitCounter.name,
            ":key": counter.key,
            ":start": counter.windowStart,
            ":expires": counter.expiresAt,
            ":limit": counter.limit,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
