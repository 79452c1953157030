import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ScanItemOutcome } from "../../table/entities.js";
import { ExpiringJsonItems } from "../../table/expiring-json-items.js";
import type { ItemOutcome, ItemOutcomeStore } from "../item-outcomes.js";
import { FINDING_TTL_SECONDS } from "./dynamo-findings.js";

interface OutcomeKey {
  userId: string;
  scanId: string;
  itemKey: string;
}

/** Outcomes in the scan's findings partition, which the analysing task may write; gone a day later. */
export class DynamoItemOutcomes implements ItemOutcomeStore {
  private readonly items: ExpiringJsonItems<OutcomeKey, ItemOutcome>;

  constructor(doc: DynamoDBDocumentClient, tableName: string, now?: () => Date) {
    // No size bound: an outcome holds an item's URL and candidates, and losing one would lose threats.
    this.items = new ExpiringJsonItems(doc, tableName, ScanItemOutcome, {
      field: "outcome",
      ttlSeconds: FINDING_TTL_SECONDS,
      maxBytes: Number.POSITIVE_INFINITY,
      ...(now ? { now } : {}),
    });
  }

  async put(userId: string, scanId: string, itemKey: string, outcome: ItemOutcome) {
    await this.items.put({ userId, scanId, itemKey }, outcome);
  }

  get(userId: string, scanId: string, itemKey: string) {
    return this.items.get({ userId, scanId, itemKey });
  }
}
