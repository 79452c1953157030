import { BatchGetCommand, type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { CRAWLED_PARTITION_PREFIX, CrawledItem } from "../../table/entities.js";
import { toItem } from "../../table/entity.js";
import { type CrawlItem, type CrawlLocator, type CrawlLocatorStore, crawledItemKey } from "../crawl-service.js";

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
    const read = new Set<string>();
    const keys = [...byKey.keys()];
    for (let i = 0; i < keys.length; i += 100) {
      // Unprocessed keys (throttling) are asked again until every one is answered.
      let batch: Record<string, unknown>[] = keys
        .slice(i, i + 100)
        .map((k) => ({ pk: `${CRAWLED_PARTITION_PREFIX}${k}`, sk: "LOCATOR" }));
      while (batch.length > 0) {
        const out = await this.doc.send(
          new BatchGetCommand({
            RequestItems: { [this.tableName]: { Keys: batch, ProjectionExpression: "itemKey" } },
          }),
        );
        for (const found of out.Responses?.[this.tableName] ?? []) read.add(String(found.itemKey));
        batch = (out.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return [...byKey.entries()].filter(([key]) => !read.has(key)).map(([, item]) => item);
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
}
