import { type DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { USAGE_ATTRIBUTES, type UsageItem, type UsageRecords } from "../usage-figures.js";

/**
 * The table's records as the usage figures read them: a paged scan that asks only for keys, dates
 * and status (its IAM grant allows no other attribute: AppFunction.allowTableCounting).
 */
export class DynamoUsageRecords implements UsageRecords {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async *all(): AsyncIterable<UsageItem> {
    const names = Object.fromEntries(USAGE_ATTRIBUTES.map((attribute) => [`#${attribute}`, attribute]));
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          // Sent explicitly: the grant requires it, so a scan that asked for whole items is refused.
          Select: "SPECIFIC_ATTRIBUTES",
          ProjectionExpression: Object.keys(names).join(", "),
          ExpressionAttributeNames: names,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) yield item as UsageItem;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}
