import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { Threat } from "@lg/domain/table/entities";
import { fromItem, toItem } from "@lg/domain/table/entity";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { NEAR_DUPLICATE_MAX_BITS, perceptualHashBands } from "@lg/domain/threats/near-duplicate-bands";
import {
  backfillNearDuplicateKeys,
  recordThreats,
  type ThreatCandidate,
  threatIdFor,
} from "@lg/domain/threats/threat-recorder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { ensureTable, startDynamoDb } from "../../../local/src/stand-ins/dynamodb.js";
import { threatClassification } from "../../support/threat-classification.js";
import { seedCandidates } from "../../support/threat-seed.js";
import { InMemoryThreatRepository } from "./fakes.js";

const candidate = (over: Partial<ThreatCandidate> = {}): ThreatCandidate => ({
  personId: "p1",
  threatType: "deepfake",
  confidence: 93.2,
  platform: "reddit",
  contentType: "image/jpeg",
  url: "https://example.test/a",
  mediaSha256: "a".repeat(64),
  perceptualHash: "ffff0000ffff0000",
  evidence: { hash: "h", manifestKey: "k", capturedAt: "2026-11-22T00:00:00.000Z" },
  detection: {},
  classification: threatClassification(over.threatType ?? "deepfake", { confidence: over.confidence ?? 93.2 }),
  ...over,
});

/** The hash with these bit positions (0 = most significant) flipped. */
function flip(hex: string, bits: number[]) {
  let value = BigInt(`0x${hex}`);
  for (const b of bits) value ^= 1n << BigInt(63 - b);
  return value.toString(16).padStart(16, "0");
}

describe("near-duplicate keys of a perceptual hash", () => {
  it("share at least one band for every pair of hashes at most 6 bits apart", () => {
    let state = 7;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state;
    };
    for (let trial = 0; trial < 3000; trial++) {
      const hash = [next(), next()].map((w) => w.toString(16).padStart(8, "0")).join("");
      const bits = new Set<number>();
      const distance = 1 + (trial % NEAR_DUPLICATE_MAX_BITS);
      while (bits.size < distance) bits.add(next() % 64);
      const near = flip(hash, [...bits]);
      const shared = perceptualHashBands(hash)?.filter((b) => perceptualHashBands(near)?.includes(b));
      expect(shared?.length, `${hash} vs ${near}`).toBeGreaterThan(0);
    }
  });
  it("has none for a hash that is not 64 bits of hex", () => {
    expect(perceptualHashBands("ffff")).toBeUndefined();
    expect(perceptualHashBands("zzzz0000ffff0000")).toBeUndefined();
    expect(perceptualHashBands("ffff0000ffff0000")).toHaveLength(7);
  });
});

describe("recording a scan's findings by key", () => {
  it("adds a re-found item to its threat as a sighting, records a new one, and never reads the account's list", async () => {
    const repo = new InMemoryThreatRepository();
    await recordThreats(repo, "u1", [candidate()], () => "2026-11-22T00:00:00.000Z");
    const out = await recordThreats(
      repo,
      "u1",
      [
        candidate({ url: "https://example.test/again" }),
        candidate({ mediaSha256: "n".repeat(64), perceptualHash: "0123456789abcdef", url: "https://example.test/new" }),
      ],
      () => "2026-11-23T00:00:00.000Z",
    );
    expect(out.created.map((t) => t.url)).toEqual(["https://example.test/new"]);
    expect(out.sightings).toEqual([
      { threatId: threatIdFor("u1", "a".repeat(64), "reddit"), url: "https://example.test/again" },
    ]);
    expect((await repo.get("u1", threatIdFor("u1", "a".repeat(64), "reddit")))?.sightings).toEqual([
      { url: "https://example.test/a", seenAt: "2026-11-22T00:00:00.000Z" },
      { url: "https://example.test/again", seenAt: "2026-11-23T00:00:00.000Z" },
    ]);
    expect(repo.listCalls).toBe(0);
  });
  it("makes the same media on another platform a threat of its own, grouped with the first, so each host gets its own notice", async () => {
    const repo = new InMemoryThreatRepository();
    // A threat stored before hosting locations were told apart, keyed by the media alone.
    const stored = await recordThreats(repo, "u1", [candidate({ platform: "twitter", url: "https://x.test/1" })]);
    const legacy = {
      ...(stored.created[0] as NonNullable<(typeof stored.created)[0]>),
      id: threatIdFor("u1", "a".repeat(64)),
    };
    const legacyRepo = new InMemoryThreatRepository();
    await legacyRepo.createIfAbsent(legacy);
    const out = await recordThreats(legacyRepo, "u1", [
      candidate({ platform: "telegram", url: "https://t.me/c/1" }),
      candidate({ platform: "twitter", url: "https://x.test/repost" }),
    ]);
    expect(out.created.map((t) => [t.platform, t.url, t.id])).toEqual([
      ["telegram", "https://t.me/c/1", threatIdFor("u1", "a".repeat(64), "telegram")],
    ]);
    // The same media on the platform it was first found on stays that threat's sighting.
    expect(out.sightings).toEqual([{ threatId: legacy.id, url: "https://x.test/repost" }]);
    const telegram = out.created[0];
    expect(telegram?.mediaGroup).toBe(legacy.mediaGroup);
    expect(telegram?.sightings.map((s) => s.url)).toEqual(["https://t.me/c/1"]);
    // Recorded again (a retried record step), it is found by its own key.
    const again = await recordThreats(legacyRepo, "u1", [candidate({ platform: "telegram", url: "https://t.me/c/1" })]);
    expect(again.created).toEqual([]);
  });

  it("matches a near-identical picture of the same type, and groups one of another type with it", async () => {
    const repo = new InMemoryThreatRepository();
    const first = await recordThreats(repo, "u1", [candidate()]);
    const near = flip("ffff0000ffff0000", [3, 20, 41, 50, 60, 63]);
    const out = await recordThreats(repo, "u1", [
      candidate({ mediaSha256: "c".repeat(64), perceptualHash: near, url: "https://example.test/c" }),
      candidate({
        mediaSha256: "d".repeat(64),
        perceptualHash: near,
        threatType: "intimate_imagery",
        url: "https://example.test/d",
      }),
      candidate({
        mediaSha256: "e".repeat(64),
        perceptualHash: flip("ffff0000ffff0000", [0, 1, 2, 3, 4, 5, 6]),
        url: "https://example.test/e",
      }),
    ]);
    expect(out.sightings).toEqual([{ threatId: first.created[0]?.id, url: "https://example.test/c" }]);
    const [other, far] = out.created;
    expect(other?.mediaGroup).toBe("a".repeat(64));
    expect(far?.mediaGroup).toBe("e".repeat(64));
    expect(repo.listCalls).toBe(0);
  });
});

const TABLE = "duplicate-lookup-test";
let dir: string;
let dynamodb: RunningServer;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-duplicate-lookup-"));
  dynamodb = await startDynamoDb(dir);
  await ensureTable(dynamodb.url, TABLE);
  doc = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(dynamodb.url)));
});

afterAll(async () => {
  await dynamodb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The commands a repository sends and the items they read, over the real DynamoDB stand-in. */
function recordingRepository() {
  const commands: { name: string; input: Record<string, unknown> }[] = [];
  let itemsRead = 0;
  const client = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(dynamodb.url)));
  const send = client.send.bind(client) as (command: unknown) => Promise<Record<string, unknown>>;
  client.send = (async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    commands.push({ name: command.constructor.name, input: command.input });
    const out = await send(command);
    itemsRead += ((out.Items as unknown[]) ?? []).length + (out.Item ? 1 : 0);
    for (const items of Object.values((out.Responses as Record<string, unknown[]>) ?? {})) itemsRead += items.length;
    return out;
  }) as never;
  return { repo: new DynamoThreatRepository(client, TABLE), commands, itemsRead: () => itemsRead };
}

describe("the DynamoDB threat repository's duplicate lookup", () => {
  it("reads a scan's few matches by key, not the account's stored threats", async () => {
    const userId = "many-threats";
    const seeded = seedCandidates(userId, { count: 120 });
    await recordThreats(
      new DynamoThreatRepository(doc, TABLE),
      userId,
      seeded.map((s) => s.candidate),
    );
    const picture = seeded.find((s) => s.candidate.perceptualHash)?.candidate;
    if (!picture?.perceptualHash) throw new Error("the seed holds pictures");
    const { repo, commands, itemsRead } = recordingRepository();
    const out = await recordThreats(repo, userId, [
      { ...picture, url: "https://example.test/found-again" },
      {
        ...picture,
        mediaSha256: "f".repeat(64),
        perceptualHash: flip(picture.perceptualHash, [9, 33]),
        url: "https://example.test/near",
      },
      candidate({ mediaSha256: "9".repeat(64), perceptualHash: "0f0f0f0f0f0f0f0f", url: "https://example.test/new" }),
    ]);
    expect(out.created.map((t) => t.url)).toEqual(["https://example.test/new"]);
    expect(out.sightings.map((s) => s.url)).toEqual(["https://example.test/found-again", "https://example.test/near"]);
    // No command reads the account's threats as a whole: no scan, no query of the THREAT# range or the list indexes.
    expect(commands.filter((c) => c.name === "ScanCommand")).toEqual([]);
    const queries = commands.filter((c) => c.name === QueryCommand.name).map((c) => c.input);
    expect(
      queries.every((q) => String(q.KeyConditionExpression).includes("begins_with(sk, :sk)") && !q.IndexName),
    ).toBe(true);
    expect(queries.map((q) => (q.ExpressionAttributeValues as Record<string, string>)[":sk"])).toSatisfy(
      (prefixes: string[]) => prefixes.every((p) => p.startsWith("PHASH#")),
    );
    expect(itemsRead()).toBeLessThan(30);
  });

  it("lets two scans recording the same item at once create one threat", async () => {
    const repo = new DynamoThreatRepository(doc, TABLE);
    const found = candidate({ mediaSha256: "1".repeat(64), perceptualHash: "1234123412341234" });
    const [a, b] = await Promise.all([
      recordThreats(repo, "racing", [found]),
      recordThreats(repo, "racing", [{ ...found, url: "https://example.test/other-scan" }]),
    ]);
    expect(a.created.length + b.created.length).toBe(1);
    expect(a.sightings.length + b.sightings.length).toBe(1);
    const threat = await repo.get("racing", threatIdFor("racing", "1".repeat(64), "reddit"));
    expect(threat?.sightings.map((s) => s.url).sort()).toEqual([
      "https://example.test/a",
      "https://example.test/other-scan",
    ]);
    expect(threat?.hashBandsKeyed).toBe(true);
  });

  it("backfills the keys of a threat stored before they existed, once", async () => {
    const repo = new DynamoThreatRepository(doc, TABLE);
    const userId = "stored-before-keys";
    const older = {
      ...candidate(),
      userId,
      id: threatIdFor(userId, "a".repeat(64)),
      status: "active" as const,
      sightings: [{ url: "https://example.test/a", seenAt: "2026-11-01T00:00:00.000Z" }],
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
      evidenceData: candidate().evidence,
    };
    await doc.send(new PutCommand({ TableName: TABLE, Item: toItem(Threat, older) }));
    const nearCopy = candidate({ mediaSha256: "b".repeat(64), perceptualHash: flip("ffff0000ffff0000", [5]) });
    // Without its keys the older threat is invisible to the lookup.
    expect(await repo.findByHashBands(userId, perceptualHashBands(nearCopy.perceptualHash ?? "") ?? [])).toEqual([]);

    const first = await backfillNearDuplicateKeys(repo);
    expect(first.keyed).toBeGreaterThanOrEqual(1);
    expect((await backfillNearDuplicateKeys(repo)).keyed).toBe(0);
    const after = await doc.send(
      new GetCommand({ TableName: TABLE, Key: { pk: `USER#${userId}`, sk: `THREAT#${older.id}` } }),
    );
    expect(after.Item?.hashBandsKeyed).toBe(true);
    expect(fromItem(Threat, after.Item ?? {}).updatedAt).toBe(older.updatedAt);

    const out = await recordThreats(repo, userId, [{ ...nearCopy, url: "https://example.test/near" }]);
    expect(out.created).toEqual([]);
    expect(out.sightings).toEqual([{ threatId: older.id, url: "https://example.test/near" }]);
  });
});
