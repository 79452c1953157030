import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { effectiveTier } from "../../billing/tier-policy.js";
import type { BiometricSampleRecord } from "../../records.js";
import {
  type AnyEntity,
  BillingAccount,
  BiometricConsent,
  BiometricSample,
  fromItem,
  MediaFinding,
  Session,
  toItem,
  UserProfile,
} from "../../table/index.js";
import { API_ANALYSIS_PARTITION_PREFIX } from "../../table/integration-entities.js";
import type { AccountStore, StoredItem } from "../ports.js";

const BATCH_LIMIT = 25;

/** The account's entities in the single table, keyed by the entity definitions. */
export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * The profile with the tier in force: billing's, never what was stored on the profile (docs/billing.md),
   * and a downgrade whose period has ended applied here at read, before the hourly job settles it.
   */
  async getProfile(userId: string) {
    const [profile, billing] = await Promise.all([
      this.getOne(UserProfile, UserProfile.key({ userId })),
      this.getOne(BillingAccount, BillingAccount.key({ userId })),
    ]);
    return profile ? { ...profile, membershipTier: effectiveTier(billing, new Date()) } : null;
  }

  async putProfile(profile: z.infer<typeof UserProfile.schema>) {
    await this.put(UserProfile, profile);
  }

  async putSession(session: z.infer<typeof Session.schema>) {
    await this.put(Session, session);
  }

  async getSession(sessionHash: string) {
    return this.getOne(Session, Session.key({ sessionHash }));
  }

  async deleteSession(sessionHash: string) {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: Session.key({ sessionHash }) }));
  }

  async listSessions(userId: string) {
    const items = await this.queryAll(Session.indexes.gsi1.query({ userId }));
    return items.map((i) => fromItem(Session, i));
  }

  async listConsents(userId: string) {
    return (await this.queryAll({ ...BiometricConsent.primary.query({ userId }), ConsistentRead: true })).map((i) =>
      fromItem(BiometricConsent, i),
    );
  }

  async putConsent(consent: z.infer<typeof BiometricConsent.schema>) {
    await this.put(BiometricConsent, consent);
  }

  async listSamples(userId: string) {
    return (await this.queryAll({ ...BiometricSample.primary.query({ userId }), ConsistentRead: true })).map((i) =>
      fromItem(BiometricSample, i),
    );
  }

  async putSample(sample: BiometricSampleRecord) {
    await this.put(BiometricSample, sample);
  }

  async deleteSample(sample: BiometricSampleRecord) {
    const item = toItem(BiometricSample, sample);
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: item.pk, sk: item.sk } }));
  }

  async listUserItems(userId: string): Promise<StoredItem[]> {
    // Scan findings live in a partition of their own (see MediaFinding); they are the user's data too.
    const findings = await this.queryAll({
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": MediaFinding.primary.pk({ userId }) },
      ConsistentRead: true,
    });
    // Analyses asked for through the API (ApiAnalysis) too: a partition of its own for the same reason.
    const analyses = await this.queryAll({
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `${API_ANALYSIS_PARTITION_PREFIX}${userId}` },
      ConsistentRead: true,
    });
    return [...(await this.accountPartition(userId)), ...findings, ...analyses] as StoredItem[];
  }

  async deleteItems(keys: { pk: string; sk: string }[]) {
    for (let i = 0; i < keys.length; i += BATCH_LIMIT) {
      let requests: Record<string, unknown>[] = keys
        .slice(i, i + BATCH_LIMIT)
        .map((Key) => ({ DeleteRequest: { Key } }));
      // Unprocessed deletes are retried until none remain: erasure must not silently skip items.
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await this.doc.send(
          new BatchWriteCommand({ RequestItems: { [this.tableName]: requests as never } }),
        );
        requests = (out.UnprocessedItems?.[this.tableName] ?? []) as Record<string, unknown>[];
        if (attempt > 10) throw new Error("Deleting items did not finish after retries");
      }
    }
  }

  private async put<S extends z.ZodTypeAny>(def: AnyEntity<S>, value: z.infer<S>) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(def, value) }));
  }

  private async getOne<S extends z.ZodTypeAny>(def: AnyEntity<S>, key: { pk: string; sk: string }) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    return out.Item ? (fromItem(def, out.Item) as z.infer<S>) : null;
  }

  /** Every item in the account's own partition (its profile's), whatever the entity. */
  private accountPartition(userId: string) {
    return this.queryAll({
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": UserProfile.primary.pk({ userId }) },
      ConsistentRead: true,
    });
  }

  private async queryAll(input: Omit<ConstructorParameters<typeof QueryCommand>[0], "TableName">) {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(new QueryCommand({ ...input, TableName: this.tableName, ExclusiveStartKey }));
      items.push(...(out.Items ?? []));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }
}
