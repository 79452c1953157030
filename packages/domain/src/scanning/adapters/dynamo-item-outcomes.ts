import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ScanItemOutcome } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { ItemOutcome, ItemOutcomeStore } from "../item-outcomes.js";
import { FINDING_TTL_SECONDS } from "./dynamo-findings.js";

const keyOf = (userId: string, scanId: string, itemKey: string) => {
  const item = { userId, scanId, itemKey, outcome: "", createdAt: "", expiresAt: 0 };
  return { pk: ScanItemOutcome.primary.pk(item), sk: ScanItemOutcome.primary.sk(item) };
};

/** Outcomes in the scan's findings partition, which the analysing task may write; gone a day later. */
export class DynamoItemOutcomes implements ItemOutcomeStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(userId: string, scanId: string, itemKey: string, outcome: ItemOutcome) {
    const now = this.now();
    const item = toItem(ScanItemOutcome, {
      userId,
      scanId,
      itemKey,
      outcome: JSON.stringify(outcome),
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + FINDING_TTL_SECONDS,
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async get(userId: string, scanId: string, itemKey: string) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keyOf(userId, scanId, itemKey) }));
    return out.Item ? (JSON.parse(fromItem(ScanItemOutcome, out.Item).outcome) as ItemOutcome) : null;
  }
}
