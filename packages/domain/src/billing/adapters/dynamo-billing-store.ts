import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { BillingAccount, BillingEvent, SubscriptionClaim } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import { billingEventExpiry } from "../billing-service.js";
import type { BillingStore } from "../ports.js";
import type { BillingAccountRecord } from "../tier-policy.js";

export class DynamoBillingStore implements BillingStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async getAccount(userId: string) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: BillingAccount.key({ userId }) }));
    return out.Item ? fromItem(BillingAccount, out.Item) : null;
  }

  async putAccount(account: BillingAccountRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(BillingAccount, account) }));
  }

  async wasApplied(eventId: string) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: BillingEvent.key({ eventId }) }));
    return Boolean(out.Item);
  }

  async markApplied(event: { eventId: string; type: string; userId?: string }) {
    const now = this.now();
    const item = toItem(BillingEvent, { ...event, appliedAt: now.toISOString(), expiresAt: billingEventExpiry(now) });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async claimSubscription(userId: string, subscriptionId: string, at: string, replacing?: string) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(SubscriptionClaim, { userId, subscriptionId, claimedAt: at }),
          ConditionExpression: `attribute_not_exists(pk) OR subscriptionId = :mine${replacing ? " OR subscriptionId = :ended" : ""}`,
          ExpressionAttributeValues: { ":mine": subscriptionId, ...(replacing ? { ":ended": replacing } : {}) },
        }),
      );
      return { claimed: true as const };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: SubscriptionClaim.key({ userId }),
        ConsistentRead: true,
      }),
    );
    return { claimed: false as const, holder: out.Item ? fromItem(SubscriptionClaim, out.Item).subscriptionId : "" };
  }

  async listDue(now: Date) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :pk AND gsi2sk <= :until",
      // '#' sorts before every character of a user id, '~' after: every account due up to `now`.
      ExpressionAttributeValues: { ":pk": BillingAccount.indexes.gsi2.pk({}), ":until": `${now.toISOString()}#~` },
    });
    return items.map((i) => fromItem(BillingAccount, i));
  }
}
