import { XMLParser } from "fast-xml-parser";
import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { matchedTerms } from "../query-terms.js";
import {
  author,
  DiscoveryBudget,
  isSharedCrawl,
  offeredTerms,
  type SourceContext,
  targetsOf,
} from "./source-context.js";
import { fetchPageItem } from "./web-page.js";

interface FeedEntry {
  id: string;
  link: string;
  title: string;
  summary: string;
  author: string;
  published: string;
  media: string[];
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  isArray: (name) => ["item", "entry", "link", "media:content", "enclosure"].includes(name),
});

/** RSS 2.0 and Atom feeds (enclosures, media:content, media:thumbnail); items are then read as pages. */
export class RssSource implements SourceConnector {
  readonly sourceId = "rss";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    const budget = new DiscoveryBudget(options);
    const watched = isSharedCrawl(options) ? [] : query.watchedAccounts.filter((a) => /^https?:\/\//.test(a));
    for (const feed of [...new Set([...watched, ...targetsOf(this.ctx).feeds])]) {
      const entries = parseFeed(
        await this.ctx.config.http.getText(feed, {
          signal: options.signal,
          headers: { accept: "application/rss+xml, application/atom+xml, application/xml" },
        }),
      );
      for (const e of entries) {
        const terms = offeredTerms(options, feed, e.media.length > 0, () => {
          const named = matchedTerms(`${e.title} ${e.summary}`, query);
          if (watched.includes(feed)) named.push(`watched:${feed}`);
          return named;
        });
        if (terms.length === 0 || !e.link || !budget.admit(e.id || e.link)) continue;
        yield {
          ref: { sourceId: this.sourceId, id: e.id || e.link, url: e.link },
          url: e.link,
          title: e.title,
          author: author(e.author),
          postedAt: e.published,
          mediaUrls: e.media,
          matchedTerms: terms,
        };
      }
    }
  }

  fetchItem(ref: ItemRef): Promise<SourceItem> {
    return fetchPageItem(this.ctx.config.http, ref);
  }
}

export function parseFeed(text: string): FeedEntry[] {
  const doc = xml.parse(text) as Record<string, unknown>;
  const rss = (doc.rss as { channel?: { item?: Record<string, unknown>[] } } | undefined)?.channel?.item;
  if (rss) return rss.map(rssEntry);
  const atom = (doc.feed as { entry?: Record<string, unknown>[] } | undefined)?.entry ?? [];
  return atom.map(atomEntry);
}

function str(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value).trim();
  if (value && typeof value === "object" && "#text" in value)
    return String((value as { "#text": unknown })["#text"]).trim();
  return "";
}

function attrUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((v) =>
    v && typeof v === "object" && typeof (v as { "@url"?: unknown })["@url"] === "string"
      ? [(v as { "@url": string })["@url"]]
      : [],
  );
}

function rssEntry(item: Record<string, unknown>): FeedEntry {
  const link = str((item.link as unknown[] | undefined)?.[0]);
  return {
    id: str(item.guid) || link,
    link,
    title: str(item.title),
    summary: str(item.description),
    author: str(item["dc:creator"]) || str(item.author),
    published: toIso(str(item.pubDate)),
    media: [
      ...new Set([
        ...attrUrls(item.enclosure),
        ...attrUrls(item["media:content"]),
        ...attrUrls(item["media:thumbnail"]),
      ]),
    ],
  };
}

function atomEntry(entry: Record<string, unknown>): FeedEntry {
  const links = (entry.link as Record<string, string>[] | undefined) ?? [];
  const alternate = links.find((l) => !l["@rel"] || l["@rel"] === "alternate")?.["@href"] ?? "";
  return {
    id: str(entry.id) || alternate,
    link: alternate,
    title: str(entry.title),
    summary: str(entry.summary) || str(entry.content),
    author: str((entry.author as Record<string, unknown> | undefined)?.name),
    published: toIso(str(entry.published) || str(entry.updated)),
    media: [
      ...links.filter((l) => l["@rel"] === "enclosure").map((l) => l["@href"] ?? ""),
      ...attrUrls(entry["media:content"]),
      ...attrUrls(entry["media:thumbnail"]),
    ].filter(Boolean),
  };
}

function toIso(value: string): string {
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}
