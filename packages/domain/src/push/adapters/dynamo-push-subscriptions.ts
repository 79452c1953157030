import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { PushSubscription } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type { PushSubscriptionRecord, PushSubscriptionRepository } from "../push-subscriptions.js";

const keyOf = (userId: string, subscriptionId: string) => ({
  pk: PushSubscription.primary.pk({ userId } as PushSubscriptionRecord),
  sk: PushSubscription.primary.sk({ subscriptionId } as PushSubscriptionRecord),
});

export class DynamoPushSubscriptions implements PushSubscriptionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(subscription: PushSubscriptionRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(PushSubscription, subscription) }));
  }

  async get(userId: string, subscriptionId: string) {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keyOf(userId, subscriptionId) }),
    );
    return Item ? fromItem(PushSubscription, Item) : null;
  }

  async list(userId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      // The sort-key template with no id is the prefix every subscription's key starts with.
      ExpressionAttributeValues: { ":pk": keyOf(userId, "").pk, ":prefix": keyOf(userId, "").sk },
    });
    return items.map((item) => fromItem(PushSubscription, item));
  }

  async markDelivered(userId: string, subscriptionId: string, at: string) {
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keyOf(userId, subscriptionId),
          UpdateExpression: "SET lastDeliveredAt = :at",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":at": at },
        }),
      )
      .catch((error: unknown) => {
        // Deleted meanwhile (unsubscribed, or gone at the push service): nothing to record.
        if (!isConditionFailure(error)) throw error;
      });
  }

  async delete(userId: string, subscriptionId: string) {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keyOf(userId, subscriptionId) }));
  }
}
