import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  PlatformProfile,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { UnsupportedOperationError } from "../errors.js";
import { extractPageMetadata } from "../page/page-metadata.js";
import { matchedTerms } from "../query-terms.js";
import {
  author,
  DiscoveryBudget,
  isSharedCrawl,
  offeredTerms,
  type SourceContext,
  targetsOf,
} from "./source-context.js";
import { fetchPageItem, fetchPageProfile } from "./web-page.js";

/** Pages followed from one seed per discovery page budget unit. */
const linksPerPage = 20;

/**
 * Generic public-page crawler for platforms without a public search API: starts at configured
 * seed pages (and watched URLs), follows same-origin links one level deep, and reads Open Graph
 * tags and img/video/audio tags. `.onion` seeds go through the configured SOCKS5 proxy.
 * Every page carrying media is a candidate; `matchedTerms` says whether it also names the person.
 */
export class WebCrawlerSource implements SourceConnector {
  readonly sourceId = "web";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    const budget = new DiscoveryBudget(options);
    const watched = isSharedCrawl(options) ? [] : query.watchedAccounts.filter((a) => /^https?:\/\//.test(a));
    const visited = new Set<string>();
    for (const seed of [...new Set([...watched, ...targetsOf(this.ctx).pages])]) {
      const queue = [seed];
      const origin = new URL(seed).origin;
      for (
        let fetched = 0;
        queue.length > 0 && fetched < budget.pages() * linksPerPage && !budget.exhausted;
        fetched++
      ) {
        const url = queue.shift()!;
        if (visited.has(url)) continue;
        visited.add(url);
        const response = await this.ctx.config.http.request(url, {
          signal: options.signal,
          headers: { accept: "text/html" },
        });
        if (response.status !== 200 || !(response.headers["content-type"] ?? "").includes("html")) continue;
        const page = extractPageMetadata(response.body.toString("utf8"), response.url);
        if (url === seed) queue.push(...page.links.filter((l) => new URL(l).origin === origin && !visited.has(l)));
        const terms = offeredTerms(options, seed, page.mediaUrls.length > 0, () => {
          const named = matchedTerms(`${page.title} ${page.description} ${page.text}`, query);
          if (watched.includes(seed)) named.push(`watched:${seed}`);
          return named;
        });
        if (page.mediaUrls.length === 0 || !budget.admit(response.url)) continue;
        yield {
          ref: { sourceId: this.sourceId, id: response.url, url: response.url },
          url: response.url,
          title: page.title,
          author: author(page.meta["profile:username"] ?? page.meta.author ?? ""),
          postedAt: page.meta["article:published_time"] ?? "",
          mediaUrls: page.mediaUrls,
          matchedTerms: terms,
        };
      }
    }
  }

  fetchItem(ref: ItemRef): Promise<SourceItem> {
    return fetchPageItem(this.ctx.config.http, ref);
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const template = targetsOf(this.ctx).profileUrl;
    const url = /^https?:\/\//.test(handle)
      ? handle
      : template?.replace("{handle}", encodeURIComponent(handle.replace(/^@/, "")));
    if (!url) throw new UnsupportedOperationError(`${this.ctx.platformId} has no configured public profile page`);
    return fetchPageProfile(this.ctx.config.http, url, handle);
  }
}
