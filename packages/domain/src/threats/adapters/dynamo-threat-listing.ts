import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { Threat, ThreatCounters, ThreatGroup } from "../../table/entities.js";
import { fromItem, type IndexName, TABLE_INDEXES, TABLE_KEYS, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import { accountGroupOf } from "../poster-keys.js";
import { confidenceKey, normaliseSearchText, type ThreatGroupKind } from "../threat-keys.js";
import { CONFIDENCE_BANDS, type ResumeKey, type ThreatFilters, type ThreatOrder } from "../threat-list-query.js";
import {
  LISTED_THREAT_ATTRIBUTES,
  type ListedThreat,
  type ThreatCountersRecord,
  type ThreatGroupRecord,
  type ThreatListing,
  type ThreatPage,
} from "../threat-listing-ports.js";
import type { ThreatRecord } from "../threat-ports.js";

type Status = ThreatRecord["status"];

const ORDER_INDEX: Record<ThreatOrder, IndexName> = { newest: "gsi2", confidence: "gsi3", severity: "gsi4" };
const MEMBER_INDEX: Record<ThreatGroupKind, IndexName> = { media: "gsi1", account: "gsi5" };

const threatListPartition = (userId: string) => Threat.indexes.gsi2.pk({ userId });
const groupListPartition = (userId: string, kind: ThreatGroupKind) => ThreatGroup.indexes.gsi2.pk({ userId, kind });
/** The index partition holding one group's members, newest first. */
const groupMemberPartition = (userId: string, kind: ThreatGroupKind, key: string) =>
  kind === "media"
    ? Threat.indexes.gsi1.pk({ userId, mediaGroupKey: key })
    : Threat.indexes.gsi5.pk({ userId, listedAccountGroup: key });

/**
 * Items a filtered page may read before it answers with what it found. DynamoDB's filter runs after
 * the read, so a selective filter over 10,000 threats would otherwise read them all; with the
 * budget a page costs at most this many item reads and the cursor carries on from where it stopped.
 */
export const PAGE_READ_BUDGET = 400;

const countAttribute = (status: Status) => `n_${status}`;

/** A list row as read: the listing fields only (the classification is not projected). */
const ListedThreatRow = Threat.schema.pick(
  Object.fromEntries(LISTED_THREAT_ATTRIBUTES.map((a) => [a, true])) as {
    [K in (typeof LISTED_THREAT_ATTRIBUTES)[number]]: true;
  },
);

/** The group a threat belongs to, by kind; undefined when it has none of that kind (no known account). */
export function groupOf(threat: ListedThreat, kind: ThreatGroupKind): { key: string; label: string } | undefined {
  if (kind === "media") return { key: threat.mediaGroup ?? threat.mediaSha256, label: threat.title ?? threat.url };
  const key = accountGroupOf(threat);
  if (!key || !threat.account) return undefined;
  return { key, label: `${threat.account} on ${threat.platform}` };
}

/** The expression parts of a set of filters, with placeholders numbered from one counter. */
class Expression {
  readonly parts: string[] = [];
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private next = 0;

  value(v: unknown) {
    const name = `:v${this.next++}`;
    this.values[name] = v;
    return name;
  }

  name(attribute: string) {
    const name = `#${attribute.replace(/[^A-Za-z0-9_]/g, "_")}`;
    this.names[name] = attribute;
    return name;
  }

  oneOf(attribute: string, values: readonly unknown[]) {
    this.parts.push(`${this.name(attribute)} IN (${values.map((v) => this.value(v)).join(", ")})`);
  }

  get filter() {
    return this.parts.length > 0 ? this.parts.join(" AND ") : undefined;
  }

  /** The list row's attributes plus the keys a resume key is made of. */
  listProjection(index: IndexName) {
    const keys = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      TABLE_INDEXES[index].partitionKey,
      TABLE_INDEXES[index].sortKey,
    ];
    return [...LISTED_THREAT_ATTRIBUTES, ...keys].map((a) => this.name(a)).join(", ");
  }
}

export class DynamoThreatListing implements ThreatListing {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly readBudget = PAGE_READ_BUDGET,
  ) {}

  async page(input: {
    userId: string;
    order: ThreatOrder;
    filters: ThreatFilters;
    limit: number;
    resumeKey?: ResumeKey;
  }): Promise<ThreatPage<ListedThreat>> {
    const index = ORDER_INDEX[input.order];
    const { partitionKey, sortKey } = TABLE_INDEXES[index];
    const expr = new Expression();
    const f = input.filters;
    let keyCondition = `${expr.name(partitionKey)} = ${expr.value(threatListPartition(input.userId))}`;
    if (f.statuses) expr.oneOf("status", f.statuses);
    if (f.types) expr.oneOf("threatType", f.types);
    if (f.platforms) expr.oneOf("platform", f.platforms);
    if (f.synthetic) expr.parts.push(`${expr.name("syntheticVerdict")} = ${expr.value(f.synthetic)}`);
    if (f.personId) expr.parts.push(`${expr.name("personId")} = ${expr.value(f.personId)}`);
    if (f.text) expr.parts.push(`contains(${expr.name("searchText")}, ${expr.value(f.text)})`);
    if (f.band) {
      const band = CONFIDENCE_BANDS[f.band];
      if (input.order === "confidence") {
        // The confidence order's sort key starts with the confidence: the band is a key range.
        const upper = Number.isFinite(band.max) ? `${confidenceKey(band.max - 0.1)}~` : "~";
        keyCondition += ` AND ${expr.name(sortKey)} BETWEEN ${expr.value(confidenceKey(band.min))} AND ${expr.value(upper)}`;
      } else {
        expr.parts.push(`${expr.name("confidence")} >= ${expr.value(band.min)}`);
        if (Number.isFinite(band.max)) expr.parts.push(`${expr.name("confidence")} < ${expr.value(band.max)}`);
      }
    }
    const result = await this.boundedQuery(
      {
        TableName: this.tableName,
        IndexName: index,
        KeyConditionExpression: keyCondition,
        ProjectionExpression: expr.listProjection(index),
        FilterExpression: expr.filter,
        ExpressionAttributeNames: expr.names,
        ExpressionAttributeValues: expr.values,
        ScanIndexForward: false,
      },
      index,
      input.limit,
      input.resumeKey,
    );
    return { items: result.items.map((i) => ListedThreatRow.parse(i)), ...result.resume };
  }

  async groupPage(input: {
    userId: string;
    kind: ThreatGroupKind;
    filters: Pick<ThreatFilters, "statuses" | "platforms" | "text">;
    limit: number;
    resumeKey?: ResumeKey;
  }): Promise<ThreatPage<ThreatGroupRecord>> {
    const expr = new Expression();
    const keyCondition = `${expr.name("gsi2pk")} = ${expr.value(groupListPartition(input.userId, input.kind))}`;
    const f = input.filters;
    if (f.statuses) {
      const zero = expr.value(0);
      expr.parts.push(`(${f.statuses.map((s) => `${expr.name(countAttribute(s))} > ${zero}`).join(" OR ")})`);
    }
    if (f.platforms) expr.oneOf("platform", f.platforms);
    if (f.text) expr.parts.push(`contains(${expr.name("searchText")}, ${expr.value(f.text)})`);
    const result = await this.boundedQuery(
      {
        TableName: this.tableName,
        IndexName: "gsi2",
        KeyConditionExpression: keyCondition,
        FilterExpression: expr.filter,
        ExpressionAttributeNames: expr.names,
        ExpressionAttributeValues: expr.values,
        ScanIndexForward: false,
      },
      "gsi2",
      input.limit,
      input.resumeKey,
    );
    return { items: result.items.map((i) => fromItem(ThreatGroup, i)), ...result.resume };
  }

  /**
   * Reads until `limit` items matched or the read budget is spent. The resume key is the last
   * returned item's own key when the page filled part-way through a read, so nothing is skipped.
   */
  private async boundedQuery(
    input: QueryCommandInput,
    index: IndexName,
    limit: number,
    resumeKey: ResumeKey | undefined,
  ): Promise<{ items: Record<string, unknown>[]; resume: { resumeKey?: ResumeKey } }> {
    const filtered = input.FilterExpression !== undefined;
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined = resumeKey;
    let budget = Math.max(this.readBudget, limit);
    while (budget > 0) {
      // Filtered reads go in slices, so a filter most threats pass reads little more than a page.
      const readLimit = filtered ? Math.min(budget, Math.max(4 * limit, 100)) : limit - items.length;
      const out = await this.doc.send(new QueryCommand({ ...input, Limit: readLimit, ExclusiveStartKey: start }));
      budget -= out.ScannedCount ?? readLimit;
      for (const item of (out.Items ?? []) as Record<string, unknown>[]) {
        items.push(item);
        if (items.length === limit) {
          const reachedEnd = out.LastEvaluatedKey === undefined && item === out.Items?.at(-1);
          return { items, resume: reachedEnd ? {} : { resumeKey: this.keyOf(item, index) } };
        }
      }
      start = out.LastEvaluatedKey;
      if (!start) return { items, resume: {} };
    }
    return { items, resume: start ? { resumeKey: this.keyOf(start, index) } : {} };
  }

  private keyOf(item: Record<string, unknown>, index: IndexName): ResumeKey {
    const names = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      TABLE_INDEXES[index].partitionKey,
      TABLE_INDEXES[index].sortKey,
    ];
    return Object.fromEntries(names.map((n) => [n, String(item[n])]));
  }

  ownsResumeKey(userId: string, source: ThreatOrder | ThreatGroupKind, key: ResumeKey): boolean {
    const isGroup = source === "media" || source === "account";
    const index: IndexName = isGroup ? "gsi2" : ORDER_INDEX[source];
    const { partitionKey, sortKey } = TABLE_INDEXES[index];
    const expected = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, partitionKey, sortKey]);
    const names = Object.keys(key);
    if (names.length !== expected.size || !names.every((n) => expected.has(n))) return false;
    const indexPartition = isGroup ? groupListPartition(userId, source) : threatListPartition(userId);
    return (
      key[TABLE_KEYS.partitionKey] === Threat.primary.pk({ userId }) &&
      (key[TABLE_KEYS.sortKey]?.startsWith(
        isGroup ? ThreatGroup.primary.skPrefix({ kind: source }) : Threat.primary.skPrefix({}),
      ) ??
        false) &&
      key[partitionKey] === indexPartition &&
      (key[sortKey]?.length ?? 0) > 0
    );
  }

  async getGroup(userId: string, kind: ThreatGroupKind, key: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: ThreatGroup.key({ userId, kind, key }) }),
    );
    return out.Item ? fromItem(ThreatGroup, out.Item) : null;
  }

  async groupMemberIds(userId: string, kind: ThreatGroupKind, key: string, limit?: number) {
    const index = MEMBER_INDEX[kind];
    const { partitionKey } = TABLE_INDEXES[index];
    const input: QueryCommandInput = {
      TableName: this.tableName,
      IndexName: index,
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": partitionKey, "#id": "id" },
      ExpressionAttributeValues: { ":pk": groupMemberPartition(userId, kind, key) },
      ProjectionExpression: "#id",
      ScanIndexForward: false,
    };
    const items =
      limit === undefined
        ? await queryAll(this.doc, input)
        : ((await this.doc.send(new QueryCommand({ ...input, Limit: limit }))).Items ?? []);
    return items.map((i) => String(i.id));
  }

  async latestGroupMembers(userId: string, kind: ThreatGroupKind, key: string, limit: number) {
    const index = MEMBER_INDEX[kind];
    const expr = new Expression();
    const projection = expr.listProjection(index);
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: index,
        KeyConditionExpression: `${expr.name(TABLE_INDEXES[index].partitionKey)} = :pk`,
        ProjectionExpression: projection,
        ExpressionAttributeNames: expr.names,
        ExpressionAttributeValues: { ":pk": groupMemberPartition(userId, kind, key) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => ListedThreatRow.parse(i));
  }

  async getMany(userId: string, ids: string[]) {
    const found = new Map<string, ThreatRecord>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] = unique.slice(i, i + 100).map((id) => Threat.key({ userId, id }));
      // Unprocessed keys (throttling) are asked again until every one is answered.
      while (keys.length > 0) {
        const out = await this.doc.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }));
        for (const item of out.Responses?.[this.tableName] ?? []) {
          const threat = fromItem(Threat, item);
          found.set(threat.id, threat);
        }
        keys = (out.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return ids.flatMap((id) => {
      const threat = found.get(id);
      return threat ? [threat] : [];
    });
  }

  async counters(userId: string): Promise<ThreatCountersRecord> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: ThreatCounters.key({ userId }) }));
    if (out.Item) return fromItem(ThreatCounters, out.Item);
    return this.countFromThreats(userId);
  }

  /**
   * Counts an account's threats once, for an account whose threats predate the counters: one read
   * of its threats, then every write keeps the counts. Written only if still absent.
   */
  async countFromThreats(userId: string): Promise<ThreatCountersRecord> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeNames: { "#s": "status", "#c": "confidence", "#at": "createdAt" },
      ExpressionAttributeValues: Threat.primary.query({ userId }).ExpressionAttributeValues,
      ProjectionExpression: "#s, #c, #at",
    });
    const counts: ThreatCountersRecord = {
      userId,
      total: items.length,
      n_active: 0,
      n_false_positive: 0,
      n_dismissed: 0,
      n_takedown_requested: 0,
      n_removed: 0,
      activeConfidenceSum: 0,
      byDay: {},
      countedAt: new Date().toISOString(),
    };
    for (const item of items) {
      const status = item.status as Status;
      counts[countAttribute(status) as "n_active"] += 1;
      if (status === "active") counts.activeConfidenceSum += Number(item.confidence);
      const day = String(item.createdAt).slice(0, 10);
      counts.byDay[day] = (counts.byDay[day] ?? 0) + 1;
    }
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(ThreatCounters, counts),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return counts;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const out = await this.doc.send(
        new GetCommand({ TableName: this.tableName, Key: ThreatCounters.key({ userId }) }),
      );
      return out.Item ? fromItem(ThreatCounters, out.Item) : counts;
    }
  }
}

/**
 * The counts and groups kept beside the threats, raised and lowered by every threat write. DynamoDB
 * transactions would make each write and its counts one; the local stand-in has none, so they are
 * separate idempotent-in-effect updates made right after the threat's own conditional write.
 */
export class DynamoThreatProjections {
  private readonly listing: DynamoThreatListing;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.listing = new DynamoThreatListing(doc, tableName);
  }

  async created(threat: ThreatRecord) {
    await this.bumpCounters(threat.userId, {
      total: 1,
      [countAttribute(threat.status)]: 1,
      activeConfidenceSum: threat.status === "active" ? threat.confidence : 0,
      day: threat.createdAt.slice(0, 10),
    });
    await this.grouped(threat);
  }

  /** Adds the threat to its media group and (when its poster is known) its account group. */
  async grouped(threat: ThreatRecord) {
    for (const kind of ["media", "account"] as const) {
      const group = groupOf(threat, kind);
      if (group) await this.addToGroup(threat, kind, group);
    }
  }

  async statusChanged(threat: ThreatRecord, from: Status, to: Status) {
    const confidenceChange = (to === "active" ? 1 : 0) - (from === "active" ? 1 : 0);
    await this.bumpCounters(threat.userId, {
      [countAttribute(from)]: -1,
      [countAttribute(to)]: 1,
      activeConfidenceSum: confidenceChange * threat.confidence,
    });
    for (const kind of ["media", "account"] as const) {
      const group = groupOf(threat, kind);
      if (!group) continue;
      await this.doc
        .send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: ThreatGroup.key({ userId: threat.userId, kind, key: group.key }),
            UpdateExpression: "ADD #from :minus, #to :one",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeNames: { "#from": countAttribute(from), "#to": countAttribute(to) },
            ExpressionAttributeValues: { ":minus": -1, ":one": 1 },
          }),
        )
        .catch((error: unknown) => {
          // A threat stored before groups existed is in no group until the migration adds it.
          if (!isConditionFailure(error)) throw error;
        });
    }
  }

  private async bumpCounters(userId: string, delta: Record<string, number | string>) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const adds: string[] = [];
    let set = "";
    for (const [attribute, change] of Object.entries(delta)) {
      if (attribute === "day") continue;
      if (change === 0) continue;
      names[`#${attribute}`] = attribute;
      values[`:${attribute}`] = change;
      adds.push(`#${attribute} :${attribute}`);
    }
    if (typeof delta.day === "string") {
      names["#byDay"] = "byDay";
      names["#day"] = delta.day;
      values[":zero"] = 0;
      values[":one"] = 1;
      set = "SET #byDay.#day = if_not_exists(#byDay.#day, :zero) + :one ";
    }
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: ThreatCounters.key({ userId }),
          UpdateExpression: `${set}${adds.length > 0 ? `ADD ${adds.join(", ")}` : ""}`,
          ConditionExpression: "attribute_exists(countedAt)",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Never counted: count the stored threats, this write's threat included.
      await this.listing.countFromThreats(userId);
    }
  }

  private async addToGroup(threat: ThreatRecord, kind: ThreatGroupKind, group: { key: string; label: string }) {
    const indexKeys = ThreatGroup.indexes?.gsi2;
    const shape = {
      userId: threat.userId,
      kind,
      key: group.key,
      latestAt: threat.createdAt,
      latestThreatId: threat.id,
      count: 0,
      n_active: 0,
      n_false_positive: 0,
      n_dismissed: 0,
      n_takedown_requested: 0,
      n_removed: 0,
    };
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: ThreatGroup.key({ userId: threat.userId, kind, key: group.key }),
        UpdateExpression:
          "SET #entity = :entity, #userId = :userId, #kind = :kind, #key = :key, #label = if_not_exists(#label, :label), " +
          "#platform = if_not_exists(#platform, :platform), #searchText = if_not_exists(#searchText, :searchText), " +
          "#latestAt = :latestAt, #latestThreatId = :latestThreatId, #gpk = :gpk, #gsk = :gsk " +
          "ADD #count :one, #status :one",
        ExpressionAttributeNames: {
          "#entity": "entity",
          "#userId": "userId",
          "#kind": "kind",
          "#key": "key",
          "#label": "label",
          "#platform": "platform",
          "#searchText": "searchText",
          "#latestAt": "latestAt",
          "#latestThreatId": "latestThreatId",
          "#gpk": TABLE_INDEXES.gsi2.partitionKey,
          "#gsk": TABLE_INDEXES.gsi2.sortKey,
          "#count": "count",
          "#status": countAttribute(threat.status),
        },
        ExpressionAttributeValues: {
          ":entity": ThreatGroup.name,
          ":userId": threat.userId,
          ":kind": kind,
          ":key": group.key,
          ":label": group.label,
          ":platform": threat.platform,
          ":searchText": normaliseSearchText(group.label),
          ":latestAt": threat.createdAt,
          ":latestThreatId": threat.id,
          ":gpk": indexKeys?.pk(shape) ?? "",
          ":gsk": indexKeys?.sk(shape) ?? "",
          ":one": 1,
        },
      }),
    );
  }
}
