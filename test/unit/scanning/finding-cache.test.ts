import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { DynamoFindingCache } from "../../../packages/domain/src/scanning/adapters/dynamo-findings.js";
import { DynamoItemOutcomes } from "../../../packages/domain/src/scanning/adapters/dynamo-item-outcomes.js";
import { findingOf, OTHER_PICTURE, PICTURE, scanWorld, sha256 } from "./scan-world.js";
import { tableItems } from "./table-items.js";

describe("identical media within one scan", () => {
  it("is analysed once however many platforms show it, and each page is still a candidate with evidence", async () => {
    const world = scanWorld({ "https://x.test/1": PICTURE, "https://reddit.test/2": PICTURE.slice() });
    const onX = await world.service.analyse(world.post("s1", "twitter", "https://x.test/1"));
    const onReddit = await world.service.analyse(world.post("s1", "reddit", "https://reddit.test/2"));
    expect(world.analysed).toEqual(["https://x.test/1/media"]);
    expect(onX.candidates).toHaveLength(1);
    expect(onReddit.candidates).toHaveLength(1);
    expect(onReddit.candidates[0]?.url).toBe("https://reddit.test/2");
    expect(onReddit.candidates[0]?.mediaSha256).toBe(sha256(PICTURE));
    // Evidence is write-once per media: the second page points at the package the first one wrote.
    expect(onReddit.candidates[0]?.evidence).toEqual(onX.candidates[0]?.evidence);
    expect(world.evidence.objects.size).toBeGreaterThan(0);
  });

  it("is analysed once, and becomes one threat per platform hosting it, grouped as one media", async () => {
    const world = scanWorld({ "https://x.test/1": PICTURE, "https://reddit.test/2": PICTURE.slice() });
    const onX = await world.service.analyse(world.post("s1", "twitter", "https://x.test/1"));
    const onReddit = await world.service.analyse(world.post("s1", "reddit", "https://reddit.test/2"));
    const first = await world.service.record({ userId: "u1", scanId: "s1", platformId: "twitter", outcomes: [onX] });
    const second = await world.service.record({
      userId: "u1",
      scanId: "s1",
      platformId: "reddit",
      outcomes: [onReddit],
    });
    expect(first.created).toHaveLength(1);
    expect(second).toMatchObject({ created: [expect.any(String)], sightings: 0 });
    const threats = await world.threats.list("u1");
    expect(threats.map((t) => [t.platform, t.sightings.map((s) => s.url)]).sort()).toEqual([
      ["reddit", ["https://reddit.test/2"]],
      ["twitter", ["https://x.test/1"]],
    ]);
    expect(new Set(threats.map((t) => t.mediaGroup)).size).toBe(1);
    expect(world.analysed).toEqual(["https://x.test/1/media"]);
  });

  it("found by both the messaging and Telegram scans is one threat, on Telegram, whose notice goes to Telegram", async () => {
    const url = "https://t.test/channel/5";
    const world = scanWorld({ [url]: PICTURE });
    const viaTelegram = await world.service.analyse(world.post("s1", "telegram", url));
    const viaMessaging = await world.service.analyse({
      ...world.post("s1", "messaging", url),
      ref: { sourceId: "telegram", id: url, url },
    });
    expect(viaMessaging.candidates[0]?.platform).toBe("telegram");
    // Both record steps run at once: each keys the threat by its host, so neither makes a second one.
    const recorded = await Promise.all([
      world.service.record({ userId: "u1", scanId: "s1", platformId: "messaging", outcomes: [viaMessaging] }),
      world.service.record({ userId: "u1", scanId: "s1", platformId: "telegram", outcomes: [viaTelegram] }),
    ]);
    expect(recorded.flatMap((r) => r.created)).toHaveLength(1);
    expect((await world.threats.list("u1")).map((t) => t.platform)).toEqual(["telegram"]);
  });

  it("is analysed again by another scan, and different bytes are never taken for each other", async () => {
    const world = scanWorld({ "https://x.test/1": PICTURE, "https://x.test/3": OTHER_PICTURE });
    await world.service.analyse(world.post("s1", "twitter", "https://x.test/1"));
    const other = await world.service.analyse(world.post("s1", "twitter", "https://x.test/3"));
    await world.service.analyse(world.post("s2", "twitter", "https://x.test/1"));
    expect(world.analysed).toEqual(["https://x.test/1/media", "https://x.test/3/media", "https://x.test/1/media"]);
    expect(other.candidates).toEqual([]);
  });

  it("keeps no finding for media the analyser failed on, so a retry analyses it again", async () => {
    const world = scanWorld({ "https://x.test/4": new Uint8Array() });
    const post = world.post("s1", "twitter", "https://x.test/4");
    await expect(world.service.analyse(post)).rejects.toThrow("Unreadable media");
    await expect(world.service.analyse(post)).rejects.toThrow("Unreadable media");
    expect(world.analysed).toHaveLength(2);
    expect(world.findings.findings.size).toBe(0);
  });
});

// One stub for the file: a second mockClient of the same class would replace the first one's.
const table = mockClient(DynamoDBDocumentClient);
afterEach(() => table.reset());
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1" }));

describe("findings kept in the table", () => {
  const key = { userId: "u1", scanId: "s1", mediaSha256: sha256(PICTURE) };
  const finding = findingOf({ url: "https://x.test/1/media", contentType: "image/jpeg", bytes: PICTURE });

  it("are read back for the same user, scan and bytes until they expire a day later", async () => {
    const items = tableItems(table);
    let now = new Date("2026-11-22T00:00:00.000Z");
    const cache = new DynamoFindingCache(doc, "lg-table", () => now);
    await cache.put(key, finding);
    expect([...items.values()][0]).toMatchObject({
      pk: "FINDING#u1",
      sk: `SCAN#s1#SHA256#${key.mediaSha256}`,
      entity: "MediaFinding",
      expiresAt: Date.parse("2026-11-23T00:00:00.000Z") / 1000,
    });
    expect(await cache.get(key)).toEqual(finding);
    expect(await cache.get({ ...key, scanId: "s2" })).toBeNull();
    now = new Date("2026-11-23T00:00:01.000Z");
    expect(await cache.get(key)).toBeNull();
  });

  it("are not written when they would not fit in an item, rather than failing the item's analysis", async () => {
    const items = tableItems(table);
    const cache = new DynamoFindingCache(doc, "lg-table");
    await cache.put(key, { ...finding, result: { frames: "x".repeat(400_000) } });
    expect(items.size).toBe(0);
    // Fewer characters than the bound, but two UTF-8 bytes each: 400 KB, past DynamoDB's item limit.
    await cache.put(key, { ...finding, result: { labels: "é".repeat(200_000) } });
    expect(items.size).toBe(0);
    expect(await cache.get(key)).toBeNull();
  });
});

describe("item outcomes kept in the table", () => {
  const itemKey = sha256(PICTURE);

  it("keep an outcome of any size, since a dropped one would lose its threats, until it expires a day later", async () => {
    const items = tableItems(table);
    let now = new Date("2026-11-22T00:00:00.000Z");
    const outcomes = new DynamoItemOutcomes(doc, "lg-table", () => now);
    const large = { url: "https://x.test/1", candidates: [], skipped: "x".repeat(400_000) };
    await outcomes.put("u1", "s1", itemKey, large);
    expect(items.size).toBe(1);
    expect(await outcomes.get("u1", "s1", itemKey)).toEqual(large);
    expect(await outcomes.get("u1", "s2", itemKey)).toBeNull();
    // A retried analysis of the item overwrites its outcome.
    await outcomes.put("u1", "s1", itemKey, { url: "https://x.test/1", candidates: [] });
    expect(items.size).toBe(1);
    expect(await outcomes.get("u1", "s1", itemKey)).toEqual({ url: "https://x.test/1", candidates: [] });
    now = new Date("2026-11-23T00:00:01.000Z");
    expect(await outcomes.get("u1", "s1", itemKey)).toBeNull();
  });
});
