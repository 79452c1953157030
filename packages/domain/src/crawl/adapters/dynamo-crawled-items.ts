import { BatchGetCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { sha256Hex } from "../../scanning/evidence.js";
import { CrawledItem, CrawlLookBack } from "../../table/entities.js";
import { toItem } from "../../table/entity.js";
import {
  type CrawlItem,
  type CrawlLocator,
  type CrawlLocatorStore,
  crawledItemKey,
  LOOK_BACK_DAYS,
} from "../crawl-service.js";

/** How long a crawled item's locator is kept: the look-back a newcomer gets. */
export const LOCATOR_DAYS = 30;

/** The crawl's locators in the table (CrawledItem), each gone by TTL after LOCATOR_DAYS. */
export class DynamoCrawledItems implements CrawlLocatorStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async unread(items: CrawlItem[]): Promise<CrawlItem[]> {
    const byKey = new Map(items.map((item) => [crawledItemKey(item.platformId, item.url), item]));
    const read = await this.existing([...byKey.keys()], (itemKey) => CrawledItem.key({ itemKey }), "itemKey");
    return [...byKey.entries()].filter(([key]) => !read.has(key)).map(([, item]) => item);
  }

  async readBetween(since: string, until: string, limit: number): Promise<CrawlItem[]> {
    const items: CrawlItem[] = [];
    // Day by day from the newest: each day is one partition of the look-back index (gsi1).
    for (let day = new Date(until.slice(0, 10)); day.toISOString() >= since.slice(0, 10); ) {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await this.doc.send(
          new QueryCommand({
            TableName: this.tableName,
            IndexName: "gsi1",
            KeyConditionExpression: "gsi1pk = :day AND gsi1sk BETWEEN :since AND :until",
            ExpressionAttributeValues: {
              ":day": CrawledItem.indexes.gsi1.pk({ crawledOn: day.toISOString().slice(0, 10) }),
              ":since": since,
              // Strictly before `until`: the item keys sort after its time string, so cut just below it.
              ":until": until,
            },
            ScanIndexForward: false,
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        for (const found of page.Items ?? []) {
          if (String(found.crawledAt) >= until) continue;
          items.push({
            platformId: String(found.platformId),
            ref: found.ref as CrawlItem["ref"],
            url: String(found.url),
          });
          if (items.length >= limit) return items;
        }
        start = page.LastEvaluatedKey;
      } while (start);
      day = new Date(day.getTime() - 86_400_000);
    }
    return items;
  }

  async notLookedBack(userIds: string[]): Promise<string[]> {
    const byHash = new Map(userIds.map((id) => [sha256Hex(id), id]));
    const done = await this.existing(
      [...byHash.keys()],
      (accountHash) => CrawlLookBack.key({ accountHash }),
      "accountHash",
    );
    return [...byHash].filter(([hash]) => !done.has(hash)).map(([, id]) => id);
  }

  async markLookedBack(userId: string, at: string): Promise<void> {
    const item = toItem(CrawlLookBack, {
      accountHash: sha256Hex(userId),
      lookedBackAt: at,
      // A day past the window: by then the account's enrolment is older than any look-back lists.
      expiresAt: Math.floor(Date.parse(at) / 1000) + (LOOK_BACK_DAYS + 1) * 86_400,
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async put(locator: CrawlLocator): Promise<void> {
    const crawled = new Date(locator.crawledAt);
    const item = toItem(CrawledItem, {
      ...locator,
      itemKey: crawledItemKey(locator.platformId, locator.url),
      crawledOn: locator.crawledAt.slice(0, 10),
      expiresAt: Math.floor(crawled.getTime() / 1000) + LOCATOR_DAYS * 86_400,
    });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  /** Which of these keys have an item (BatchGet, 100 a request), by the attribute holding the key. */
  private async existing(keys: string[], keyOf: (key: string) => { pk: string; sk: string }, attribute: string) {
    const found = new Set<string>();
    for (let i = 0; i < keys.length; i += 100) {
      // Unprocessed keys (throttling) are asked again until every one is answered.
      let batch: Record<string, unknown>[] = keys.slice(i, i + 100).map(keyOf);
      while (batch.length > 0) {
        const out = await this.doc.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: batch, ProjectionExpression: attribute } } }),
        );
        for (const item of out.Responses?.[this.tableName] ?? []) found.add(String(item[attribute]));
        batch = (out.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return found;
  }
}
