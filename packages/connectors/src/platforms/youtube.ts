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
  qs,
  requireCredential,
  type SourceContext,
} from "./source-context.js";

const thumbnails = z.record(z.string(), z.object({ url: z.string() })).default({});
const snippet = z.object({
  publishedAt: z.string().default(""),
  channelId: z.string().default(""),
  channelTitle: z.string().default(""),
  title: z.string().default(""),
  description: z.string().default(""),
  thumbnails,
});
const searchList = z.object({
  nextPageToken: z.string().optional(),
  items: z.array(z.object({ id: z.object({ videoId: z.string().optional() }), snippet })).default([]),
});
const videoList = z.object({ items: z.array(z.object({ id: z.string(), snippet })).default([]) });
const channelList = z.object({
  items: z
    .array(z.object({ id: z.string(), snippet: snippet.extend({ customUrl: z.string().optional() }) }))
    .default([]),
});

function bestThumbnail(t: z.infer<typeof thumbnails>): string[] {
  const best = t.maxres ?? t.standard ?? t.high ?? t.medium ?? t.default;
  return best ? [best.url] : [];
}

/** YouTube Data API v3: search.list, videos.list, channels.list (API key). */
export class YouTubeSource implements SourceConnector {
  readonly sourceId = "youtube";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const key = await requireCredential(this.ctx, this.sourceId, "apiKey");
    const budget = new DiscoveryBudget(options);
    const searches = [
      ...searchTerms(query).map((term) => ({ term, params: { q: `"${term}"` } })),
      ...hashtags(query).map((tag) => ({ term: `#${tag}`, params: { q: `#${tag}` } })),
      ...query.watchedAccounts.map((id) => ({ term: `watched:${id}`, params: { channelId: id, order: "date" } })),
    ];
    for (const search of searches) {
      let pageToken: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const url = `${baseUrl(this.ctx, "youtube")}/youtube/v3/search?${qs({ part: "snippet", type: "video", maxResults: 50, ...search.params, pageToken, key })}`;
        const list = parse(searchList, await this.ctx.config.http.getJson(url, { signal: options.signal }));
        for (const item of list.items) {
          const id = item.id.videoId;
          if (!id || !budget.admit(id)) continue;
          yield {
            ref: this.ref(id),
            url: this.ref(id).url,
            title: item.snippet.title,
            author: author(item.snippet.channelId, item.snippet.channelTitle),
            postedAt: item.snippet.publishedAt,
            mediaUrls: bestThumbnail(item.snippet.thumbnails),
            matchedTerms: [search.term],
          };
        }
        pageToken = list.nextPageToken;
        if (!pageToken) break;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const key = await requireCredential(this.ctx, this.sourceId, "apiKey");
    const url = `${baseUrl(this.ctx, "youtube")}/youtube/v3/videos?${qs({ part: "snippet", id: ref.id, key })}`;
    const video = parse(videoList, await this.ctx.config.http.getJson(url)).items[0];
    if (!video) throw new UnexpectedFormatError(`YouTube video ${ref.id} not found`);
    const s = video.snippet;
    return {
      ref,
      url: ref.url,
      title: s.title,
      text: s.description,
      author: author(s.channelId, s.channelTitle),
      postedAt: s.publishedAt,
      mediaUrls: bestThumbnail(s.thumbnails),
      pageMetadata: { channelId: s.channelId, channelTitle: s.channelTitle },
    };
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const key = await requireCredential(this.ctx, this.sourceId, "apiKey");
    const byId = /^UC[\w-]{22}$/.test(handle);
    const params = byId ? { id: handle } : { forHandle: handle.startsWith("@") ? handle : `@${handle}` };
    const url = `${baseUrl(this.ctx, "youtube")}/youtube/v3/channels?${qs({ part: "snippet", ...params, key })}`;
    const channel = parse(channelList, await this.ctx.config.http.getJson(url)).items[0];
    if (!channel) throw new UnexpectedFormatError(`YouTube channel ${handle} not found`);
    const custom = channel.snippet.customUrl ?? handle;
    return {
      handle: custom.replace(/^@/, ""),
      displayName: channel.snippet.title,
      avatarUrl: bestThumbnail(channel.snippet.thumbnails)[0] ?? "",
      url: `${baseUrl(this.ctx, "youtube-web")}/${custom.startsWith("@") ? custom : `channel/${channel.id}`}`,
      bio: channel.snippet.description,
    };
  }

  private ref(id: string): ItemRef {
    return { sourceId: this.sourceId, id, url: `${baseUrl(this.ctx, "youtube-web")}/watch?v=${id}` };
  }
}
