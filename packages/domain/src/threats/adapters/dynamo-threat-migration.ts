import { type DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { ProtectedPerson, Threat } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { lacksListingFields, withListingFields } from "../threat-listing-fields.js";
import { LegacyThreat, type StoredThreats } from "../threat-migration.js";
import type { ThreatRecord } from "../threat-ports.js";
import { DynamoThreatProjections } from "./dynamo-threat-listing.js";

/** The migration's view of the table: a paged scan of threat items and conditional writes. */
export class DynamoStoredThreats implements StoredThreats {
  private readonly projections: DynamoThreatProjections;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.projections = new DynamoThreatProjections(doc, tableName);
  }

  async *all(): AsyncIterable<LegacyThreat> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression: "begins_with(sk, :sk)",
          ExpressionAttributeValues: { ":sk": Threat.primary.skPrefix({}) },
          ExclusiveStartKey: startKey,
        }),
      );
      // Key attributes are not in the schema, so parsing drops them as fromItem does.
      for (const item of page.Items ?? []) yield LegacyThreat.parse(item);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }

  async replaceIfUnchanged(next: ThreatRecord, previousUpdatedAt: string) {
    const listed = withListingFields(next);
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(Threat, listed),
          ConditionExpression: "updatedAt = :previous",
          ExpressionAttributeValues: { ":previous": previousUpdatedAt },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
    // First time listed: it joins its groups (its counts are the account's recount, see ThreatCounters).
    if (lacksListingFields(next)) await this.projections.grouped(listed);
    return true;
  }

  async current(userId: string, id: string) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: Threat.key({ userId, id }) }));
    return out.Item ? LegacyThreat.parse(out.Item) : null;
  }

  async personName(userId: string, personId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: ProtectedPerson.key({ userId, personId }) }),
    );
    return out.Item ? fromItem(ProtectedPerson, out.Item).displayName : undefined;
  }
}
