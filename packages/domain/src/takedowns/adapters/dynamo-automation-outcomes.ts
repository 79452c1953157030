import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { AutoTakedownOutcome } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type { AutomationOutcomeRecord, AutomationOutcomes } from "../automation-outcome.js";

export class DynamoAutomationOutcomes implements AutomationOutcomes {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(outcome: AutomationOutcomeRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(AutoTakedownOutcome, outcome) }));
  }

  async get(userId: string, threatId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: AutoTakedownOutcome.key({ userId, threatId }) }),
    );
    return out.Item ? fromItem(AutoTakedownOutcome, out.Item) : null;
  }

  async list(userId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: AutoTakedownOutcome.primary.query({ userId }).ExpressionAttributeValues,
    });
    return items.map((i) => fromItem(AutoTakedownOutcome, i)).sort((a, b) => b.at.localeCompare(a.at));
  }
}
