import { GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoCrawledItems, LOCATOR_DAYS } from "@lg/domain/crawl/adapters/dynamo-crawled-items";
import { type CrawlItem, crawledItemKey } from "@lg/domain/crawl/crawl-service";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const TABLE = "crawled-items";
const table = useDynamoStandIn(TABLE);

const item = (url: string, platformId = "telegram"): CrawlItem => ({
  platformId,
  ref: { sourceId: "telegram", id: url, url },
  url,
});

describe("the crawl's locators in the table", () => {
  it("tells which discovered items an earlier crawl read, over more than one batch of keys", async () => {
    const store = new DynamoCrawledItems(table.doc, TABLE);
    const discovered = Array.from({ length: 230 }, (_, i) => item(`https://t.me/c/${i}`));
    for (const read of discovered.filter((_, i) => i % 3 === 0)) {
      await store.put({ ...read, postedAt: "", crawledAt: "2026-11-27T09:00:00.000Z", media: [] });
    }
    const unread = await store.unread(discovered);
    expect(unread).toEqual(discovered.filter((_, i) => i % 3 !== 0));
    // The same URL on another platform is another item.
    expect(await store.unread([item("https://t.me/c/0", "messaging")])).toHaveLength(1);
  });

  it("keeps only the locator, and lets it expire after the look-back", async () => {
    const store = new DynamoCrawledItems(table.doc, TABLE);
    const read = item("https://t.me/c/kept");
    const sha256 = "b".repeat(64);
    await store.put({
      ...read,
      postedAt: "2026-11-26T00:00:00.000Z",
      crawledAt: "2026-11-27T09:00:00.000Z",
      media: [{ url: `${read.url}/0`, sha256 }],
    });
    const out = await table.doc.send(
      new GetCommand({
        TableName: TABLE,
        Key: { pk: `CRAWLED#${crawledItemKey("telegram", read.url)}`, sk: "LOCATOR" },
      }),
    );
    const stored = out.Item ?? {};
    expect(stored.media).toEqual([{ url: `${read.url}/0`, sha256 }]);
    expect(stored.gsi1pk).toBe("CRAWLED#DAY#2026-11-27");
    expect(stored.expiresAt).toBe(Date.parse("2026-11-27T09:00:00.000Z") / 1000 + LOCATOR_DAYS * 86_400);
    expect(Object.keys(stored).filter((k) => /embedding|descriptor|face|voice/i.test(k))).toEqual([]);
  });

  it("lists what was read in a window, newest first, across days, and keeps the look-back ledger by a hash", async () => {
    const store = new DynamoCrawledItems(table.doc, TABLE);
    const at = (url: string, crawledAt: string) => store.put({ ...item(url), postedAt: "", crawledAt, media: [] });
    await at("https://t.me/w/old", "2026-10-20T00:00:00.000Z");
    await at("https://t.me/w/a", "2026-11-25T10:00:00.000Z");
    await at("https://t.me/w/b", "2026-11-26T10:00:00.000Z");
    await at("https://t.me/w/c", "2026-11-26T12:00:00.000Z");
    await at("https://t.me/w/after", "2026-11-26T13:00:00.000Z");
    const read = await store.readBetween("2026-11-01T00:00:00.000Z", "2026-11-26T12:30:00.000Z", 10);
    expect(read.map((i) => i.url).filter((u) => u.includes("/w/"))).toEqual([
      "https://t.me/w/c",
      "https://t.me/w/b",
      "https://t.me/w/a",
    ]);
    expect(await store.readBetween("2026-11-01T00:00:00.000Z", "2026-11-26T12:30:00.000Z", 2)).toHaveLength(2);

    expect(await store.notLookedBack(["u-new", "u-done"])).toEqual(["u-new", "u-done"]);
    await store.markLookedBack("u-done", "2026-11-27T09:00:00.000Z");
    expect(await store.notLookedBack(["u-new", "u-done"])).toEqual(["u-new"]);
    const scan = await table.doc.send(new ScanCommand({ TableName: TABLE }));
    expect(JSON.stringify(scan.Items)).not.toContain("u-done");
  });
});
