import { z } from "zod";
import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  PlatformProfile,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { UnexpectedFormatError } from "../errors.js";
import { hashtags, searchTerms } from "../query-terms.js";
import { parse } from "./parse-response.js";
import {
  author,
  baseUrl,
  DiscoveryBudget,
  isSharedCrawl,
  optionalCredential,
  qs,
  type SourceContext,
} from "./source-context.js";

const post = z.object({
  id: z.string(),
  title: z.string().default(""),
  selftext: z.string().default(""),
  author: z.string().default(""),
  permalink: z.string(),
  url: z.string().default(""),
  created_utc: z.number().default(0),
  post_hint: z.string().optional(),
  preview: z.object({ images: z.array(z.object({ source: z.object({ url: z.string() }) })) }).optional(),
  media: z.object({ reddit_video: z.object({ fallback_url: z.string() }).optional() }).nullish(),
});
type RedditPost = z.infer<typeof post>;
const listing = z.object({
  kind: z.literal("Listing"),
  data: z.object({ after: z.string().nullish(), children: z.array(z.object({ kind: z.string(), data: z.unknown() })) }),
});
const about = z.object({
  data: z.object({
    name: z.string(),
    icon_img: z.string().default(""),
    subreddit: z.object({ title: z.string().default(""), public_description: z.string().default("") }).nullish(),
  }),
});

/** Reddit listing JSON: /search.json, /r/<sub>/new.json, /user/<u>/submitted.json, /comments/<id>.json. */
export class RedditSource implements SourceConnector {
  readonly sourceId = "reddit";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    const base = baseUrl(this.ctx, "reddit");
    const searches = [
      ...[...searchTerms(query), ...hashtags(query)].map((term) => ({
        term,
        path: `/search.json?${qs({ q: `"${term}"`, sort: "new", limit: 100, raw_json: 1 })}`,
      })),
      ...query.watchedAccounts.map((account) => ({
        term: `watched:${account}`,
        path: account.startsWith("u/")
          ? `/user/${encodeURIComponent(account.slice(2))}/submitted.json?limit=100&raw_json=1`
          : `/r/${encodeURIComponent(account.replace(/^r\//, ""))}/new.json?limit=100&raw_json=1`,
      })),
    ];
    for (const search of searches) {
      let after: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const url = `${base}${search.path}${after ? `&after=${encodeURIComponent(after)}` : ""}`;
        const list = parse(listing, await this.get(url, options.signal));
        for (const child of list.data.children) {
          if (child.kind !== "t3") continue;
          const p = parse(post, child.data);
          if (!budget.admit(p.id)) continue;
          const item = this.toItem(p);
          yield { ...item, matchedTerms: [search.term] };
        }
        after = list.data.after ?? undefined;
        if (!after) break;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const body = await this.get(
      `${baseUrl(this.ctx, "reddit")}/comments/${encodeURIComponent(ref.id)}.json?raw_json=1`,
    );
    const first = Array.isArray(body) ? parse(listing, body[0]).data.children[0] : undefined;
    if (!first) throw new UnexpectedFormatError(`Reddit post ${ref.id} not found`);
    const p = parse(post, first.data);
    return { ...this.toItem(p), text: p.selftext, pageMetadata: { permalink: p.permalink, linkUrl: p.url } };
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const name = handle.replace(/^u\//, "");
    const { data } = parse(
      about,
      await this.get(`${baseUrl(this.ctx, "reddit")}/user/${encodeURIComponent(name)}/about.json`),
    );
    return {
      handle: data.name,
      displayName: data.subreddit?.title || data.name,
      avatarUrl: data.icon_img.split("?")[0] ?? "",
      url: `${baseUrl(this.ctx, "reddit")}/user/${data.name}`,
      bio: data.subreddit?.public_description ?? "",
    };
  }

  private toItem(p: RedditPost) {
    const url = `${baseUrl(this.ctx, "reddit")}${p.permalink}`;
    return {
      ref: { sourceId: this.sourceId, id: p.id, url },
      url,
      title: p.title,
      text: p.selftext,
      author: author(p.author),
      postedAt: p.created_utc ? new Date(p.created_utc * 1000).toISOString() : "",
      mediaUrls: mediaOf(p),
      pageMetadata: {},
    };
  }

  private async get(url: string, signal?: AbortSignal): Promise<unknown> {
    const token = await optionalCredential(this.ctx, this.sourceId, "accessToken");
    return this.ctx.config.http.getJson(url, { signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
  }
}

function mediaOf(p: RedditPost): string[] {
  const urls: string[] = [];
  if (p.media?.reddit_video) urls.push(p.media.reddit_video.fallback_url);
  if (p.post_hint === "image" || /\.(jpe?g|png|gif|webp)$/i.test(p.url)) urls.push(p.url);
  else if (p.preview?.images[0]) urls.push(p.preview.images[0].source.url);
  return urls;
}
