import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { fromItem, toItem } from "../../table/entity.js";
import { WebhookDelivery, WebhookEndpoint } from "../../table/integration-entities.js";
import { queryAll, scanAll } from "../../table/query-all.js";
import type { EndpointsWithKeptSecrets } from "../webhook-secret-migration.js";
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from "../webhooks.js";

/** Webhook endpoints (in the account's partition) and each endpoint's delivery log (a partition of its own). */
export class DynamoWebhooks implements WebhookStore, EndpointsWithKeptSecrets {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async putEndpoint(endpoint: WebhookEndpointRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(WebhookEndpoint, endpoint) }));
  }

  async getEndpoint(accountId: string, endpointId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: WebhookEndpoint.key({ accountId, endpointId }),
        ConsistentRead: true,
      }),
    );
    return out.Item ? fromItem(WebhookEndpoint, out.Item) : null;
  }

  async listEndpoints(accountId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: {
        ":pk": WebhookEndpoint.primary.pk({ accountId }),
        ":prefix": WebhookEndpoint.primary.skPrefix({}),
      },
    });
    return items.map((i) => fromItem(WebhookEndpoint, i));
  }

  async deleteEndpoint(accountId: string, endpointId: string) {
    await this.doc.send(
      new DeleteCommand({ TableName: this.tableName, Key: WebhookEndpoint.key({ accountId, endpointId }) }),
    );
  }

  async putDelivery(delivery: WebhookDeliveryRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(WebhookDelivery, delivery) }));
  }

  async getDelivery(accountId: string, endpointId: string, messageId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: WebhookDelivery.key({ accountId, endpointId, messageId }),
        ConsistentRead: true,
      }),
    );
    return out.Item ? fromItem(WebhookDelivery, out.Item) : null;
  }

  async listDeliveries(accountId: string, endpointId: string, limit: number) {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
        ExpressionAttributeValues: {
          ":pk": WebhookDelivery.primary.pk({ accountId, endpointId }),
          ":prefix": WebhookDelivery.primary.skPrefix({}),
        },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => fromItem(WebhookDelivery, i));
  }

  async countDeadDelivery(accountId: string, endpointId: string, disableAt: number, reason: string) {
    const Key = WebhookEndpoint.key({ accountId, endpointId });
    const counted = await this.doc
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: "ADD failuresInARow :one",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":one": 1 },
          ReturnValues: "ALL_NEW",
        }),
      )
      .catch((error: unknown) => {
        if (isConditionFailure(error)) return null; // the endpoint was removed meanwhile
        throw error;
      });
    if (!counted || Number(counted.Attributes?.failuresInARow ?? 0) < disableAt) return { turnedOff: false };
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key,
          UpdateExpression: "SET enabled = :off, disabledReason = :why",
          ConditionExpression: "enabled = :on",
          ExpressionAttributeValues: { ":off": false, ":on": true, ":why": reason },
        }),
      );
      return { turnedOff: true };
    } catch (error) {
      if (isConditionFailure(error)) return { turnedOff: false };
      throw error;
    }
  }

  /** A paged scan for endpoint items: few per account, and the migration runs once per deploy. */
  async *withKeptSecrets(): AsyncIterable<WebhookEndpointRecord> {
    const items = scanAll(this.doc, {
      TableName: this.tableName,
      FilterExpression: "begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":sk": WebhookEndpoint.primary.skPrefix({}) },
    });
    for await (const item of items) {
      const endpoint = fromItem(WebhookEndpoint, item);
      if (endpoint.secrets.some((s) => s.secret !== undefined)) yield endpoint;
    }
  }

  async replaceKeptSecrets(before: WebhookEndpointRecord, secrets: WebhookEndpointRecord["secrets"]) {
    // Each clear secret still where it was read, and no more secrets than then: nothing rotated meanwhile.
    const kept = before.secrets.flatMap((s, i) => (s.secret === undefined ? [] : [[i, s.secret] as const]));
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: WebhookEndpoint.key({ accountId: before.accountId, endpointId: before.endpointId }),
          UpdateExpression: "SET secrets = :secrets",
          ConditionExpression: [
            "size(secrets) = :count",
            ...kept.map(([i]) => `secrets[${i}].secret = :kept${i}`),
          ].join(" AND "),
          ExpressionAttributeValues: {
            ":secrets": secrets,
            ":count": before.secrets.length,
            ...Object.fromEntries(kept.map(([i, secret]) => [`:kept${i}`, secret])),
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
