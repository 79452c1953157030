import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformSimulator } from "../../../local/src/platform-simulator/index.js";
import type { CandidateItem, PlatformConnector } from "../../../packages/connectors/src/connector.js";
import { catalogueTiers, connectorFor } from "../../../packages/connectors/src/registry.js";
import { configFor, obamaQuery, startSimulator } from "./simulator-harness.js";

let sim: PlatformSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.stop());

async function collect(
  connector: PlatformConnector,
  query = obamaQuery,
  maxItems = 200,
  maxPages = 20,
): Promise<CandidateItem[]> {
  const out: CandidateItem[] = [];
  for await (const c of connector.discover(query, { maxItems, maxPages })) out.push(c);
  return out;
}

/** Items of the scenario that a name search on this source should find. */
function expectedNos(source: string, platform?: string): string[] {
  return sim.scenario.items
    .filter((i) => i.source === source && (!platform || i.platform === platform) && i.text.includes("Barack Obama"))
    .map((i) => String(i.no));
}

const withQuery = { ...obamaQuery };
const cases: { platform: string; source: string; query?: typeof withQuery; simPlatform?: string }[] = [
  { platform: "youtube", source: "youtube" },
  { platform: "reddit", source: "reddit" },
  { platform: "twitter", source: "x" },
  { platform: "bluesky", source: "bluesky" },
  { platform: "mastodon", source: "mastodon" },
  { platform: "tiktok", source: "tiktok" },
  { platform: "ebay", source: "ebay" },
  { platform: "telegram", source: "telegram" },
  { platform: "discord", source: "discord" },
  { platform: "imageboards", source: "4chan" },
  { platform: "pastebin", source: "pastebin" },
];

describe("connectors speak each platform's format against the simulator", () => {
  it.each(cases)(
    "$platform discovers every name match across pages and fetches it with media",
    async ({ platform, source }) => {
      const connector = connectorFor(platform, configFor(sim));
      const found = await collect(connector);
      const expected = expectedNos(source);
      expect(expected.length).toBeGreaterThan(0);
      const ids = found.map((c) => c.ref.id.match(/(?<!\d)1\d{6}(?!\d)/)?.[0] ?? String(Number.parseInt(c.ref.id, 36)));
      expect(new Set(ids)).toEqual(new Set(expected));
      expect(found.every((c) => c.platformId === platform && c.matchedTerms.length > 0)).toBe(true);

      const item = await connector.fetchItem(found[0]!.ref, { includeMedia: true, maxMedia: 2 });
      expect(item.media.length).toBeGreaterThan(0);
      expect(item.media[0]!.bytes.byteLength).toBeGreaterThan(1000);
      expect(item.media[0]!.contentType).toMatch(/^(image|audio|video)\//);
      expect(item.text).toContain("Barack Obama");
    },
  );

  it("messaging reads Telegram and Discord channels from one target list, each source taking its own", async () => {
    const found = await collect(connectorFor("messaging", configFor(sim)));
    const ids = found.map((c) => c.ref.id.match(/(?<!\d)1\d{6}(?!\d)/)?.[0]);
    expect(new Set(ids)).toEqual(new Set([...expectedNos("telegram"), ...expectedNos("discord")]));
  });

  it("stops at maxItems and at maxPages", async () => {
    const connector = connectorFor("reddit", configFor(sim));
    expect(await collect(connector, obamaQuery, 3)).toHaveLength(3);
    // One page of the simulator holds 10 results.
    expect((await collect(connector, obamaQuery, 200, 1)).length).toBe(Math.min(10, expectedNos("reddit").length));
  });

  it("crawls public pages of platforms without a search API, via Open Graph", async () => {
    const connector = connectorFor("instagram", configFor(sim));
    const found = await collect(connector);
    const pages = sim.scenario.items.filter((i) => i.platform === "instagram");
    expect(found.length).toBe(pages.length);
    const item = await connector.fetchItem(found[0]!.ref);
    expect(item.pageMetadata["og:title"]).toBeTruthy();
    expect(item.media[0]?.bytes.byteLength).toBeGreaterThan(1000);
  });

  it("reads RSS and Atom feeds for crypto and deepweb", async () => {
    for (const platform of ["crypto", "deepweb"]) {
      const found = await collect(connectorFor(platform, configFor(sim)));
      const inFeed = sim.scenario.items.filter(
        (i) => i.source === "rss" && i.platform === platform && i.text.includes("Barack Obama"),
      );
      expect(found.filter((c) => c.ref.sourceId === "rss").length).toBe(inFeed.length);
    }
  });

  it("watched accounts bring every media post of a channel", async () => {
    const channel = sim.scenario.channels.telegram[0]!;
    const found = await collect(connectorFor("telegram", configFor(sim)), {
      ...obamaQuery,
      names: [],
      watchedAccounts: [channel],
    });
    expect(found.length).toBe(
      sim.scenario.items.filter((i) => i.source === "telegram" && i.channel === channel).length,
    );
  });

  // The shared crawl reads configured sources once for everyone: every post with media, named or not,
  // and never a person's searches (a search-only platform offers it nothing).
  it("the shared crawl offers every media post of the configured channels, boards and feeds, and no search", async () => {
    const shared = async (platform: string) => {
      const out: CandidateItem[] = [];
      for await (const c of connectorFor(platform, configFor(sim)).discover(obamaQuery, {
        maxItems: 1000,
        maxPages: 20,
        scope: "shared",
      }))
        out.push(c);
      return out;
    };
    const telegram = await shared("telegram");
    const configured = sim.scenario.items.filter((i) => i.source === "telegram" && i.media.length > 0);
    expect(telegram.length).toBe(configured.length);
    expect(telegram.length).toBeGreaterThan(expectedNos("telegram").length);
    expect(telegram.every((c) => c.matchedTerms.length === 1 && c.matchedTerms[0]!.startsWith("shared:"))).toBe(true);

    const boards = await shared("imageboards");
    expect(boards.length).toBe(sim.scenario.items.filter((i) => i.source === "4chan" && i.media.length > 0).length);

    for (const platform of ["youtube", "reddit", "twitter", "bluesky", "mastodon", "tiktok", "ebay", "pastebin"])
      expect(await shared(platform), platform).toEqual([]);
  });

  it("fetches impersonating profiles with the look-alike handle and an avatar", async () => {
    const handle = sim.scenario.persona.impersonatorHandles[0]!;
    for (const platform of ["twitter", "reddit", "bluesky", "mastodon", "tiktok", "youtube", "facebook"]) {
      const profile = await connectorFor(platform, configFor(sim)).fetchProfile(handle);
      expect(profile.displayName, platform).toBe(sim.scenario.persona.displayName);
      expect(profile.avatarUrl, platform).toMatch(/^http/);
    }
    // Discovery reports YouTube authors by channel id; their profile is fetched by that id.
    const byChannelId = await connectorFor("youtube", configFor(sim)).fetchProfile(
      `UC${handle.padEnd(22, "0").slice(0, 22)}`,
    );
    expect(byChannelId.displayName).toBe(sim.scenario.persona.displayName);
    await expect(connectorFor("imageboards", configFor(sim)).fetchProfile("x")).rejects.toThrow(/no public profiles/);
  });

  it("registry covers every catalogue platform", () => {
    for (const id of Object.values(catalogueTiers).flat()) expect(connectorFor(id, configFor(sim)).platformId).toBe(id);
  });
});
