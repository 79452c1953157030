import {
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { Threat, ThreatAuditEntry, ThreatHashBand, ThreatPosterKey } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import { perceptualHashBands } from "../near-duplicate-bands.js";
import { accountGroupOf } from "../poster-keys.js";
import { withListingFields } from "../threat-listing-fields.js";
import type {
  NearDuplicateKey,
  PosterKeyHit,
  Sighting,
  ThreatAudit,
  ThreatRecord,
  ThreatRepository,
  UnkeyedThreats,
} from "../threat-ports.js";
import { threatIdFor } from "../threat-recorder.js";
import { DynamoThreatListing, DynamoThreatProjections } from "./dynamo-threat-listing.js";

/** Band queries a scan's lookup keeps in flight at once. */
const BAND_QUERY_CONCURRENCY = 8;

export class DynamoThreatRepository implements ThreatRepository, UnkeyedThreats {
  private readonly projections: DynamoThreatProjections;
  private readonly listing: DynamoThreatListing;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.projections = new DynamoThreatProjections(doc, tableName);
    this.listing = new DynamoThreatListing(doc, tableName);
  }

  private key(userId: string, threatId: string) {
    return Threat.key({ userId, id: threatId });
  }

  async get(userId: string, threatId: string) {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.key(userId, threatId) }));
    return out.Item ? fromItem(Threat, out.Item) : null;
  }

  async list(userId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: Threat.primary.query({ userId }).ExpressionAttributeValues,
    });
    return items.map((i) => fromItem(Threat, i));
  }

  /** Threat ids derive from the user and the media hash, so this is one get. */
  async findByMediaHash(userId: string, mediaSha256: string) {
    return this.get(userId, threatIdFor(userId, mediaSha256));
  }

  /** BatchGet, 100 keys a request. */
  async getMany(userId: string, threatIds: string[]) {
    return threatIds.length === 0 ? [] : this.listing.getMany(userId, threatIds);
  }

  /** The account's lookup keys under one sort-key prefix (near-duplicate bands, poster keys). */
  private keyItems(userId: string, prefix: string, projection: string) {
    return queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ProjectionExpression: projection,
      ExpressionAttributeValues: { ":pk": Threat.primary.pk({ userId }), ":sk": prefix },
    });
  }

  async findByHashBands(userId: string, bands: string[]) {
    const found: NearDuplicateKey[] = [];
    const pending = [...bands];
    const worker = async () => {
      for (let band = pending.pop(); band !== undefined; band = pending.pop()) {
        for (const item of await this.keyItems(
          userId,
          ThreatHashBand.primary.skPrefix({ band }),
          "threatId, perceptualHash",
        ))
          found.push({ threatId: String(item.threatId), perceptualHash: String(item.perceptualHash) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(BAND_QUERY_CONCURRENCY, bands.length) }, worker));
    return found;
  }

  async findByPosterKeys(userId: string, keys: string[]) {
    const found: PosterKeyHit[] = [];
    await Promise.all(
      [...new Set(keys)].map(async (key) => {
        for (const item of await this.keyItems(
          userId,
          ThreatPosterKey.primary.skPrefix({ key }),
          "threatId, accountGroup, createdAt",
        ))
          found.push({
            key,
            threatId: String(item.threatId),
            accountGroup: String(item.accountGroup),
            createdAt: String(item.createdAt),
          });
      }),
    );
    return found;
  }

  /** Idempotent puts of the poster's keys, naming the group the threat is in (its content derives from the threat). */
  private async putPosterKeys(threat: ThreatRecord) {
    const accountGroup = accountGroupOf(threat);
    if (!accountGroup || !threat.posterKeys?.length) return;
    let requests = [...new Set(threat.posterKeys)].map((key) => ({
      PutRequest: {
        Item: toItem(ThreatPosterKey, {
          userId: threat.userId,
          key,
          threatId: threat.id,
          accountGroup,
          createdAt: threat.createdAt,
        }),
      },
    }));
    while (requests.length > 0) {
      const batch = requests.slice(0, 25);
      const out = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: batch } }));
      requests = [...requests.slice(25), ...((out.UnprocessedItems?.[this.tableName] ?? []) as typeof requests)];
    }
  }

  /** Idempotent puts (a key's content derives from the threat), in one batch write. */
  private async putHashBands(threat: ThreatRecord) {
    const bands = threat.perceptualHash ? perceptualHashBands(threat.perceptualHash) : undefined;
    if (!bands || !threat.perceptualHash) return;
    const perceptualHash = threat.perceptualHash;
    let requests = bands.map((band) => ({
      PutRequest: {
        Item: toItem(ThreatHashBand, { userId: threat.userId, band, threatId: threat.id, perceptualHash }),
      },
    }));
    // Unprocessed items (throttling) are written again until none is left.
    while (requests.length > 0) {
      const out = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: requests } }));
      requests = (out.UnprocessedItems?.[this.tableName] ?? []) as typeof requests;
    }
  }

  async createIfAbsent(threat: ThreatRecord) {
    // Keys first: a threat that exists is always found by them; keys of a threat never written point at nothing.
    await this.putHashBands(threat);
    await this.putPosterKeys(threat);
    const stored: ThreatRecord = { ...withListingFields(threat), hashBandsKeyed: true };
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(Threat, stored),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
    await this.projections.created(stored);
    return true;
  }

  async addSighting(userId: string, threatId: string, sighting: Sighting) {
    const current = await this.get(userId, threatId);
    if (!current || current.sightings.some((s) => s.url === sighting.url)) return;
    try {
      // The size condition makes concurrent appends retry rather than both land on one read.
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(userId, threatId),
          UpdateExpression: "SET sightings = list_append(sightings, :s), updatedAt = :at",
          ConditionExpression: "size(sightings) = :n",
          ExpressionAttributeValues: { ":s": [sighting], ":at": sighting.seenAt, ":n": current.sightings.length },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      await this.addSighting(userId, threatId, sighting);
    }
  }

  async reviseMatch(
    userId: string,
    threatId: string,
    revision: Pick<ThreatRecord, "detection" | "classification">,
    at: string,
  ) {
    const sets = ["detection = :d", "updatedAt = :at", ...(revision.classification ? ["classification = :c"] : [])];
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: this.key(userId, threatId),
        UpdateExpression: `SET ${sets.join(", ")}`,
        ConditionExpression: "attribute_exists(id)",
        ExpressionAttributeValues: {
          ":d": revision.detection,
          ":at": at,
          ...(revision.classification ? { ":c": revision.classification } : {}),
        },
      }),
    );
  }

  async updateStatus(
    userId: string,
    threatId: string,
    from: ThreatRecord["status"],
    to: ThreatRecord["status"],
    at: string,
  ) {
    // Set aside: what undo restores. Anything else ends the chance to undo.
    const setAside = to === "false_positive" || to === "dismissed";
    const sets = ["#s = :to", "updatedAt = :at"];
    if (to === "removed") sets.push("removedAt = :at");
    if (setAside) sets.push("previousStatus = :from");
    let updated: Record<string, unknown> | undefined;
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(userId, threatId),
          UpdateExpression: `SET ${sets.join(", ")}${setAside ? "" : " REMOVE previousStatus"}`,
          ConditionExpression: "#s = :from",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: { ":to": to, ":from": from, ":at": at },
          ReturnValues: "ALL_NEW",
        }),
      );
      updated = out.Attributes;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
    if (updated) await this.projections.statusChanged(fromItem(Threat, updated), from, to);
    return true;
  }

  async disputeLabel(userId: string, threatId: string, dispute: NonNullable<ThreatRecord["labelDispute"]>) {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(userId, threatId),
          UpdateExpression: "SET labelDispute = :d, updatedAt = :at",
          // One dispute per threat: a second request (another tab, a retry) changes nothing.
          ConditionExpression: "attribute_exists(id) AND attribute_not_exists(labelDispute)",
          ExpressionAttributeValues: { ":d": dispute, ":at": dispute.at },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  /** `replacesTakedown` as a condition, so concurrent copies of notices settle on the latest. */
  async recordTakedown(userId: string, threatId: string, takedown: NonNullable<ThreatRecord["takedown"]>, at: string) {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(userId, threatId),
          // updatedAt moves too, so a migration's conditional rewrite of a threat read before this never drops it.
          UpdateExpression: "SET #t = :t, updatedAt = :updatedAt",
          ConditionExpression:
            "attribute_exists(pk) AND (attribute_not_exists(#t) OR #t.noticeCreatedAt < :created OR " +
            "(#t.noticeId = :id AND (#t.changedAt < :changed OR (#t.changedAt = :changed AND #t.#state <> :state))))",
          ExpressionAttributeNames: { "#t": "takedown", "#state": "state" },
          ExpressionAttributeValues: {
            ":t": takedown,
            ":updatedAt": at,
            ":changed": takedown.changedAt,
            ":created": takedown.noticeCreatedAt,
            ":id": takedown.noticeId,
            ":state": takedown.state,
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  /** A paged scan of the table for threats with a perceptual hash and no keys (after deploy only). */
  async *unkeyed(): AsyncIterable<ThreatRecord> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression:
            "begins_with(sk, :sk) AND attribute_exists(perceptualHash) AND attribute_not_exists(hashBandsKeyed)",
          ExpressionAttributeValues: { ":sk": Threat.primary.skPrefix({}) },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) yield fromItem(Threat, item);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }

  async writeNearDuplicateKeys(threat: ThreatRecord) {
    await this.putHashBands(threat);
    try {
      // Only the mark: updatedAt stays, so nobody's conditional write on the threat is disturbed.
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(threat.userId, threat.id),
          UpdateExpression: "SET hashBandsKeyed = :keyed",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":keyed": true },
        }),
      );
    } catch (e) {
      // Deleted meanwhile (account erasure): its keys went or go with the partition.
      if (!isConditionFailure(e)) throw e;
    }
  }

  async appendAudit(entry: ThreatAudit) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(ThreatAuditEntry, entry) }));
  }

  async listAudit(userId: string, threatId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: ThreatAuditEntry.primary.query({ userId, threatId }).ExpressionAttributeValues,
    });
    return items.map((i) => fromItem(ThreatAuditEntry, i));
  }
}
