import { describe, expect, it } from "vitest";
import type { CandidateItem, DiscoverOptions, ItemRef } from "../../../packages/connectors/src/connector.js";
import {
  type CrawlAnalysis,
  type CrawlItem,
  type CrawlLocator,
  CrawlService,
  ITEM_TIME_RESERVE_MS,
  LOOK_BACKS_PER_CRAWL,
  type LookBackTask,
  type PersonalAnalysis,
} from "../../../packages/domain/src/crawl/crawl-service.js";
import type { UserProfileRecord } from "../../../packages/domain/src/records.js";
import type { ItemOutcome } from "../../../packages/domain/src/scanning/item-outcomes.js";
import type { MediaToAnalyse } from "../../../packages/domain/src/scanning/scan-ports.js";
import { InMemoryAlertOutbox, InMemoryEvidenceStore, InMemoryThreatRepository } from "../scanning/fakes.js";

const profile = (userId: string, over: Partial<UserProfileRecord> = {}) =>
  ({
    userId,
    firstName: userId,
    lastName: "Person",
    membershipTier: "professional",
    platforms: ["telegram", "imageboards"],
    ownAccounts: [],
    ...over,
  }) as unknown as UserProfileRecord;

/** Whose face each picture shows, by its first byte: 1 Ada, 2 Grace, 3 both, anything else nobody. */
const FACES: Record<number, string[]> = { 1: ["ada"], 2: ["grace"], 3: ["ada", "grace"] };

function crawlWorld(
  posts: Record<string, number[]>,
  profiles: Record<string, UserProfileRecord>,
  enrolled: { userId: string; enrolledAt: string }[] = [],
) {
  const lookedBack = new Set<string>();
  const onlyOwners: (string | undefined)[] = [];
  const analysed: string[] = [];
  /** Downloads and analyses as they begin and end, in order. */
  const timeline: string[] = [];
  const discoverCalls: DiscoverOptions[] = [];
  const locators: CrawlLocator[] = [];
  const manifests = new Map<string, unknown[]>();
  const sent: string[] = [];
  const erased = new Set<string>();
  const threats = new InMemoryThreatRepository();
  const outbox = new InMemoryAlertOutbox();
  const evidence = new InMemoryEvidenceStore();
  const kept = new Map<string, ItemOutcome>();
  const ref = (url: string): ItemRef => ({ sourceId: "telegram", id: url, url });
  const service = new CrawlService({
    connector: (platformId) => ({
      platformId,
      async *discover(_query, options): AsyncIterable<CandidateItem> {
        discoverCalls.push(options);
        for (const url of Object.keys(posts))
          yield {
            platformId,
            ref: ref(url),
            url,
            title: "post",
            author: { handle: "poster", displayName: "Poster", avatarUrl: "" },
            postedAt: "2026-11-26T00:00:00.000Z",
            mediaUrls: [`${url}/0`],
            matchedTerms: ["shared:channel"],
          };
      },
      fetchItem: async (r) => {
        timeline.push(`fetch ${r.url}`);
        // A download takes a while, as on the web.
        await new Promise((resolve) => setTimeout(resolve, 5));
        timeline.push(`fetched ${r.url}`);
        if (r.url.endsWith("/gone")) throw new Error("The post was deleted");
        return {
          platformId,
          ref: r,
          url: r.url,
          title: "post",
          text: "",
          author: { handle: "poster", displayName: "Poster", avatarUrl: "" },
          postedAt: "2026-11-26T00:00:00.000Z",
          mediaUrls: (posts[r.url] ?? []).map((_, i) => `${r.url}/${i}`),
          media: (posts[r.url] ?? []).map((first, i) => ({
            url: `${r.url}/${i}`,
            contentType: "image/jpeg",
            bytes: new Uint8Array([first, i, 9, 9]),
          })),
          pageMetadata: {},
        };
      },
      fetchProfile: async () => {
        throw new Error("not used");
      },
    }),
    sharedPlatforms: () => ["telegram"],
    enrolledSince: async (since) => enrolled.filter((e) => e.enrolledAt > since),
    manifests: {
      write: async (key, items) => {
        manifests.set(key, [...items]);
        return { bucket: "work", key };
      },
    },
    locators: {
      unread: async (items: CrawlItem[]) => items.filter((i) => !locators.some((l) => l.url === i.url)),
      put: async (locator) => {
        locators.push(locator);
      },
      readBetween: async (since, until, limit) =>
        locators
          .filter((l) => l.crawledAt >= since && l.crawledAt < until)
          .reverse()
          .slice(0, limit)
          .map((l) => ({ platformId: l.platformId, ref: l.ref, url: l.url })),
      notLookedBack: async (userIds) => userIds.filter((id) => !lookedBack.has(id)),
      markLookedBack: async (userId) => {
        lookedBack.add(userId);
      },
    },
    analyser: {
      analyse: async (media: MediaToAnalyse, options: { onlyOwner?: string } = {}): Promise<CrawlAnalysis> => {
        analysed.push(media.url);
        timeline.push(`analyse ${media.url}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        onlyOwners.push(options.onlyOwner);
        if (media.bytes[0] === 0) throw new Error("Unreadable media");
        const shown = FACES[media.bytes[0] as number] ?? [];
        // The engine's PDQ probes of the pixels it decoded, which registered-image matching reuses.
        const pdqProbes = [{ quality: 90, variants: { original: `probe-of-${media.bytes[0]}` } }];
        const analyses: PersonalAnalysis[] = shown
          .filter((userId) => !options.onlyOwner || userId === options.onlyOwner)
          .map((userId) => ({
            userId,
            person: { personId: "self", displayName: `${userId} Person` },
            analysis: {
              contentType: "image/jpeg",
              face: { personId: "self", confidence: 93, enrolment: "verified" },
              voice: null,
              syntheticScore: null,
              syntheticSignals: [],
              result: { faces: 1 },
            },
          }));
        return { analyses, pdqProbes };
      },
    },
    accounts: { getProfile: async (userId) => profiles[userId] ?? null },
    itemOutcomes: {
      put: async (userId, scanId, itemKey, outcome) => {
        kept.set(`${userId}/${scanId}/${itemKey}`, structuredClone(outcome));
      },
      get: async (userId, scanId, itemKey) => kept.get(`${userId}/${scanId}/${itemKey}`) ?? null,
    },
    threats,
    outbox,
    evidence,
    erased: { isErased: async (userId) => erased.has(userId) },
    handover: {
      sendOwed: async (userId) => {
        sent.push(userId);
        return {};
      },
    },
    now: () => new Date("2026-11-27T09:00:00.000Z"),
  });
  const items = (urls: string[]): CrawlItem[] => urls.map((url) => ({ platformId: "telegram", ref: ref(url), url }));
  /** One batch through the crawl's child workflow: analyse, record, hand over. */
  const batch = async (crawlId: string, urls: string[]) => {
    const analysed = await service.analyseBatch({ crawlId, items: items(urls) });
    const recorded = await service.recordBatch({ crawlId, matches: analysed.matches });
    await service.handOver({ accounts: recorded.accounts });
    return { ...analysed, ...recorded };
  };
  return {
    service,
    analysed,
    timeline,
    discoverCalls,
    locators,
    manifests,
    sent,
    erased,
    threats,
    outbox,
    evidence,
    items,
    batch,
    kept,
    lookedBack,
    onlyOwners,
  };
}

const people = { ada: profile("ada"), grace: profile("grace") };

describe("the shared crawl", () => {
  it("reads each configured source in the shared scope and writes only items no earlier crawl read", async () => {
    const world = crawlWorld({ "https://t.me/c/1": [1], "https://t.me/c/2": [7] }, people);
    const plan = await world.service.plan({ crawlId: "crawl-1" });
    expect(plan.platforms).toEqual([{ crawlId: "crawl-1", platformId: "telegram", maxItems: 500 }]);
    const first = await world.service.discover(plan.platforms[0]!);
    expect(world.discoverCalls[0]?.scope).toBe("shared");
    expect(first.itemCount).toBe(2);

    await world.batch("crawl-1", ["https://t.me/c/1"]);
    const second = await world.service.discover({ ...plan.platforms[0]!, crawlId: "crawl-2" });
    expect(second).toMatchObject({ itemCount: 1, alreadyRead: 1 });
    expect(world.manifests.get(second.manifest.key)).toEqual(world.items(["https://t.me/c/2"]));
  });

  it("analyses each media file once and records a threat for every account whose person it shows", async () => {
    const world = crawlWorld({ "https://t.me/c/both": [3], "https://t.me/c/nobody": [7, 8] }, people);
    const result = await world.batch("crawl-1", ["https://t.me/c/both", "https://t.me/c/nobody"]);
    expect(world.analysed).toEqual(["https://t.me/c/both/0", "https://t.me/c/nobody/0", "https://t.me/c/nobody/1"]);
    expect(result).toMatchObject({ items: 2, failed: 0, threats: 2 });
    expect(result.accounts.sort()).toEqual(["ada", "grace"]);
    const ada = await world.threats.list("ada");
    const grace = await world.threats.list("grace");
    expect(ada).toHaveLength(1);
    expect(grace).toHaveLength(1);
    expect(ada[0]?.title).toContain("ada Person");
    // Each account's evidence lies under its own prefix, and each is alerted.
    expect([...world.evidence.objects.keys()].filter((k) => k.startsWith("evidence/ada/")).length).toBeGreaterThan(0);
    expect([...world.evidence.objects.keys()].filter((k) => k.startsWith("evidence/grace/")).length).toBeGreaterThan(0);
    expect(world.sent.sort()).toEqual(["ada", "grace"]);
    expect((await world.outbox.pending("ada", "2026-11-27T00:00:00.000Z")).map((o) => o.scanId)).toEqual(["crawl-1"]);
  });

  it("records a critical intimate-imagery threat for the account whose registered image a crawled picture matches", async () => {
    const world = crawlWorld({ "https://t.me/c/leak": [7], "https://t.me/c/both": [3] }, people);
    const asked: (string | undefined)[] = [];
    const probed: (string | undefined)[] = [];
    const service = new CrawlService({
      ...(world.service as unknown as { deps: ConstructorParameters<typeof CrawlService>[0] }).deps,
      // Grace registered the picture whose first byte is 7 (nobody's face) or 3 (Ada and Grace).
      registeredImages: {
        matchesFor: async (media, options = {}) => {
          asked.push(options.onlyOwner);
          // The analysis's probes come along, so the file is not decoded a second time for them.
          probed.push(media.probes?.[0]?.variants.original);
          const first = media.bytes[0];
          return first === 7 || first === 3 ? [{ userId: "grace", hashId: "h-1", distance: 12, variant: "flipY" }] : [];
        },
      },
    });
    const analysed = await service.analyseBatch({
      crawlId: "crawl-1",
      items: world.items(["https://t.me/c/leak", "https://t.me/c/both"]),
    });
    await service.recordBatch({ crawlId: "crawl-1", matches: analysed.matches });
    expect(asked).toEqual([undefined, undefined]);
    expect(probed).toEqual(["probe-of-7", "probe-of-3"]);
    const grace = await world.threats.list("grace");
    // One threat per media: the registered match makes the shared picture intimate imagery of Grace.
    expect(grace).toHaveLength(2);
    for (const threat of grace) {
      expect(threat).toMatchObject({
        threatType: "intimate_imagery",
        classification: { severity: "critical", registeredImage: { hashId: "h-1", distance: 12, threshold: 31 } },
      });
    }
    // Ada's face in the shared picture is her own likeness threat, not Grace's registered image.
    expect((await world.threats.list("ada")).map((t) => t.threatType)).not.toContain("intimate_imagery");
  });

  it("keeps only locators of what it read: urls and hashes, nothing of the faces in it", async () => {
    const world = crawlWorld({ "https://t.me/c/nobody": [7] }, people);
    await world.batch("crawl-1", ["https://t.me/c/nobody"]);
    expect(world.locators).toHaveLength(1);
    expect(Object.keys(world.locators[0]!).sort()).toEqual([
      "crawledAt",
      "media",
      "platformId",
      "postedAt",
      "ref",
      "url",
    ]);
    expect(Object.keys(world.locators[0]!.media[0]!).sort()).toEqual(["sha256", "url"]);
    expect([...(await world.threats.list("ada")), ...(await world.threats.list("grace"))]).toHaveLength(0);
    expect(world.sent).toEqual([]);
  });

  it("records nothing for a person who did not choose the platform, whose plan lacks it, or who was erased", async () => {
    const world = crawlWorld(
      { "https://t.me/c/both": [3] },
      { ada: profile("ada", { platforms: ["reddit"] }), grace: profile("grace", { membershipTier: "personal" }) },
    );
    await world.batch("crawl-1", ["https://t.me/c/both"]);
    expect([...(await world.threats.list("ada")), ...(await world.threats.list("grace"))]).toHaveLength(0);

    const erasedWorld = crawlWorld({ "https://t.me/c/both": [3] }, people);
    erasedWorld.erased.add("grace");
    await erasedWorld.batch("crawl-1", ["https://t.me/c/both"]);
    expect(await erasedWorld.threats.list("grace")).toHaveLength(0);
    expect(await erasedWorld.threats.list("ada")).toHaveLength(1);
    expect([...erasedWorld.evidence.objects.keys()].some((k) => k.startsWith("evidence/grace/"))).toBe(false);
  });

  it("records for a person whose chosen category searches the host (messaging finds Telegram posts), if their plan has it", async () => {
    const world = crawlWorld(
      { "https://t.me/c/both": [3] },
      {
        ada: profile("ada", { platforms: ["messaging"] }),
        grace: profile("grace", { platforms: ["messaging"], membershipTier: "enterprise" }),
      },
    );
    await world.batch("crawl-1", ["https://t.me/c/both"]);
    expect(await world.threats.list("ada")).toHaveLength(0);
    const [threat] = await world.threats.list("grace");
    expect(threat?.platform).toBe("telegram");
  });

  it("never records a person's own post", async () => {
    const world = crawlWorld(
      { "https://t.me/c/own": [1] },
      { ada: profile("ada", { ownAccounts: ["https://t.me/c/own"] }) },
    );
    await world.batch("crawl-1", ["https://t.me/c/own"]);
    expect(await world.threats.list("ada")).toHaveLength(0);
  });

  it("counts an item that fails and goes on with the rest of the batch", async () => {
    const world = crawlWorld({ "https://t.me/c/broken": [0], "https://t.me/c/ada": [1] }, people);
    const result = await world.batch("crawl-1", ["https://t.me/c/broken", "https://t.me/c/ada"]);
    expect(result).toMatchObject({ items: 2, failed: 1, threats: 1 });
    expect(result.errors[0]).toMatch(/Unreadable media/);
  });

  it("downloads the next item while it analyses this one, one item ahead", async () => {
    const world = crawlWorld({ "https://t.me/c/a": [1], "https://t.me/c/b": [2], "https://t.me/c/c": [4] }, people);
    await world.batch("crawl-1", ["https://t.me/c/a", "https://t.me/c/b", "https://t.me/c/c"]);
    const at = (event: string) => world.timeline.indexOf(event);
    // b's download starts before a's analysis ends and finishes within it; c waits until a is done.
    expect(at("fetch https://t.me/c/b")).toBeLessThan(at("analyse https://t.me/c/a/0") + 1);
    expect(at("fetched https://t.me/c/b")).toBeLessThan(at("analyse https://t.me/c/b/0"));
    expect(at("fetch https://t.me/c/c")).toBeGreaterThan(at("analyse https://t.me/c/a/0"));
    expect(world.analysed).toEqual(["https://t.me/c/a/0", "https://t.me/c/b/0", "https://t.me/c/c/0"]);
  });

  it("counts an item whose download fails and analyses the rest, writing no locator for it", async () => {
    const world = crawlWorld({ "https://t.me/c/gone": [1], "https://t.me/c/ada": [1] }, people);
    const result = await world.batch("crawl-1", ["https://t.me/c/gone", "https://t.me/c/ada"]);
    expect(result).toMatchObject({ items: 2, failed: 1, threats: 1 });
    expect(result.errors[0]).toMatch(/https:\/\/t.me\/c\/gone: The post was deleted/);
    expect(world.locators.map((l) => l.url)).toEqual(["https://t.me/c/ada"]);
  });

  it("begins no item once the invocation is about to time out: the rest keep no locator, so the next crawl reads them", async () => {
    const world = crawlWorld({ "https://t.me/c/a": [1], "https://t.me/c/b": [2], "https://t.me/c/c": [1] }, people);
    let left = ITEM_TIME_RESERVE_MS + 1;
    const timeLeft = () => {
      const now = left;
      left = 1000;
      return now;
    };
    const items = world.items(["https://t.me/c/a", "https://t.me/c/b", "https://t.me/c/c"]);
    const result = await world.service.analyseBatch({ crawlId: "crawl-1", items, timeLeft });
    expect(result).toMatchObject({ items: 3, failed: 0, deferred: 2 });
    expect(world.analysed).toEqual(["https://t.me/c/a/0"]);
    expect(world.locators.map((l) => l.url)).toEqual(["https://t.me/c/a"]);
    expect(await world.service.discover({ crawlId: "crawl-2", platformId: "telegram", maxItems: 10 })).toMatchObject({
      itemCount: 2,
    });
  });

  it("counts what a look-back leaves unread for lack of time as failed: it runs once per newcomer", async () => {
    const world = crawlWorld({ "https://t.me/c/a": [1], "https://t.me/c/b": [1] }, people);
    const items = world.items(["https://t.me/c/a", "https://t.me/c/b"]);
    const result = await world.service.analyseBatch({
      crawlId: "crawl-1",
      items,
      lookBackFor: "ada",
      timeLeft: () => 0,
    });
    expect(result).toMatchObject({ items: 2, failed: 2, deferred: 0, matches: [] });
  });

  it("hands each match on by key only: the workflow's state never holds a name or a candidate", async () => {
    const world = crawlWorld({ "https://t.me/c/ada": [1] }, people);
    const analysed = await world.service.analyseBatch({
      crawlId: "crawl-1",
      items: world.items(["https://t.me/c/ada"]),
    });
    expect(analysed.matches).toEqual([{ userId: "ada", kept: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(analysed)).not.toContain("Person");
    // Erased between analysis and recording: nothing is recorded for the account.
    world.erased.add("ada");
    expect(await world.service.recordBatch({ crawlId: "crawl-1", matches: analysed.matches })).toEqual({
      accounts: [],
      threats: 0,
    });
    expect(await world.threats.list("ada")).toHaveLength(0);
  });

  it("hands over every account's alerts even when one account's handover fails, then reports the failure", async () => {
    const world = crawlWorld({}, people);
    const sent: string[] = [];
    const service = new CrawlService({
      ...(world.service as unknown as { deps: ConstructorParameters<typeof CrawlService>[0] }).deps,
      handover: {
        sendOwed: async (userId) => {
          if (userId === "ada") throw new Error("mail down");
          sent.push(userId);
        },
      },
    });
    await expect(service.handOver({ accounts: ["ada", "grace"] })).rejects.toThrow(/1 account/);
    expect(sent).toEqual(["grace"]);
  });

  it("plans at most LOOK_BACKS_PER_CRAWL look-backs, the longest waiting first; the rest come in the next crawls", async () => {
    const newcomers = Array.from({ length: LOOK_BACKS_PER_CRAWL + 5 }, (_, i) => ({
      userId: `person-${i}`,
      // Enrolled a minute apart, the last first in the gallery's answer.
      enrolledAt: new Date(
        Date.parse("2026-11-26T00:00:00.000Z") + (LOOK_BACKS_PER_CRAWL + 5 - i) * 60_000,
      ).toISOString(),
    }));
    const world = crawlWorld({}, people, newcomers);
    const first = await world.service.plan({ crawlId: "crawl-1" });
    expect(first.lookBacks).toHaveLength(LOOK_BACKS_PER_CRAWL);
    const oldestFirst = [...newcomers].sort((a, b) => a.enrolledAt.localeCompare(b.enrolledAt));
    expect(first.lookBacks.map((l) => l.lookBackFor)).toEqual(
      oldestFirst.slice(0, LOOK_BACKS_PER_CRAWL).map((n) => n.userId),
    );
    for (const task of first.lookBacks) await world.service.discoverLookBack(task);
    const second = await world.service.plan({ crawlId: "crawl-2" });
    expect(second.lookBacks.map((l) => l.lookBackFor)).toEqual(
      oldestFirst.slice(LOOK_BACKS_PER_CRAWL).map((n) => n.userId),
    );
  });

  it("looks back for a newcomer once: what the crawl read before they enrolled, with their samples alone", async () => {
    // Grace enrolled after the crawl read both posts, when only Ada was in the gallery.
    const world = crawlWorld({ "https://t.me/c/both": [3], "https://t.me/c/grace": [2] }, people, [
      { userId: "grace", enrolledAt: "2026-11-27T09:30:00.000Z" },
    ]);
    const now = { time: "2026-11-27T09:00:00.000Z" };
    const service = new CrawlService({
      ...(world.service as unknown as { deps: ConstructorParameters<typeof CrawlService>[0] }).deps,
      now: () => new Date(now.time),
    });
    await service.analyseBatch({
      crawlId: "crawl-1",
      items: world.items(["https://t.me/c/both", "https://t.me/c/grace"]),
    });
    expect(world.locators).toHaveLength(2);

    now.time = "2026-11-27T10:00:00.000Z";
    const plan = await service.plan({ crawlId: "crawl-2" });
    expect(plan.lookBacks).toEqual([
      { crawlId: "crawl-2", lookBackFor: "grace", enrolledAt: "2026-11-27T09:30:00.000Z" },
    ]);
    const discovered = await service.discoverLookBack(plan.lookBacks[0] as LookBackTask);
    expect(discovered.itemCount).toBe(2);
    expect(discovered.manifest.key).not.toContain("grace");
    const items = world.manifests.get(discovered.manifest.key) as CrawlItem[];

    world.onlyOwners.length = 0;
    const analysed = await service.analyseBatch({ crawlId: "crawl-2", items, lookBackFor: "grace" });
    expect(world.onlyOwners.every((o) => o === "grace")).toBe(true);
    // Nothing of the items is written again; each is matched with Grace alone.
    expect(world.locators).toHaveLength(2);
    expect(analysed.matches.map((m) => m.userId)).toEqual(["grace", "grace"]);
    expect(await service.recordBatch({ crawlId: "crawl-2", matches: analysed.matches })).toMatchObject({
      accounts: ["grace"],
      threats: 2,
    });
    // Looked back for once.
    expect((await service.plan({ crawlId: "crawl-3" })).lookBacks).toEqual([]);
  });

  it("looks back over nothing the crawl read after the newcomer enrolled (the crawl matched those against them)", async () => {
    const world = crawlWorld({ "https://t.me/c/grace": [2] }, people, [
      { userId: "grace", enrolledAt: "2026-11-20T08:00:00.000Z" },
    ]);
    await world.batch("crawl-1", ["https://t.me/c/grace"]);
    const [task] = (await world.service.plan({ crawlId: "crawl-2" })).lookBacks;
    expect((await world.service.discoverLookBack(task as LookBackTask)).itemCount).toBe(0);
  });
});
