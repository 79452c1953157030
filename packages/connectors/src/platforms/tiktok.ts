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
import { ClientCredentialsToken } from "./oauth-client-credentials.js";
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

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ data, error: z.object({ code: z.string(), message: z.string().default("") }) });
const video = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  username: z.string(),
  video_description: z.string().default(""),
  create_time: z.number().default(0),
  hashtag_names: z.array(z.string()).default([]),
});
const videoQuery = envelope(
  z.object({
    videos: z.array(video).default([]),
    cursor: z.number().default(0),
    has_more: z.boolean().default(false),
    search_id: z.string().default(""),
  }),
);
const userInfo = envelope(
  z.object({
    display_name: z.string().default(""),
    bio_description: z.string().default(""),
    avatar_url: z.string().default(""),
  }),
);
const oembed = z.object({
  title: z.string().default(""),
  author_name: z.string().default(""),
  author_unique_id: z.string().default(""),
  thumbnail_url: z.string().optional(),
});

const dayMs = 86_400_000;
const yyyymmdd = (t: number) => new Date(t).toISOString().slice(0, 10).replaceAll("-", "");

/**
 * TikTok Research API (video query and user info, client-credentials token) for discovery and
 * profiles; the public oEmbed endpoint for an item's title, author and cover image.
 */
export class TikTokSource implements SourceConnector {
  readonly sourceId = "tiktok";
  private readonly token: ClientCredentialsToken;

  constructor(private readonly ctx: SourceContext) {
    this.token = new ClientCredentialsToken(ctx.config.http, async () => ({
      url: `${baseUrl(ctx, "tiktok")}/v2/oauth/token/`,
      headers: {},
      body: qs({
        client_key: await requireCredential(ctx, this.sourceId, "clientKey"),
        client_secret: await requireCredential(ctx, this.sourceId, "clientSecret"),
        grant_type: "client_credentials",
      }),
    }));
  }

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    const or = [
      { operation: "IN", field_name: "keyword", field_values: searchTerms(query) },
      { operation: "IN", field_name: "hashtag_name", field_values: hashtags(query) },
      { operation: "IN", field_name: "username", field_values: query.watchedAccounts.map((a) => a.replace(/^@/, "")) },
    ].filter((c) => c.field_values.length > 0);
    if (or.length === 0) return;
    const now = Date.now();
    // The API answers at most 30 days per query.
    const base = { query: { or }, start_date: yyyymmdd(now - 29 * dayMs), end_date: yyyymmdd(now), max_count: 100 };
    let cursor: number | undefined;
    let searchId: string | undefined;
    for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
      const body = await this.post(
        "/v2/research/video/query/?fields=id,username,video_description,create_time,hashtag_names",
        { ...base, ...(cursor !== undefined ? { cursor, search_id: searchId } : {}) },
        options.signal,
      );
      const { data } = parse(videoQuery, body);
      for (const v of data.videos) {
        if (!budget.admit(v.id)) continue;
        const url = this.videoUrl(v.username, v.id);
        const text = `${v.video_description} ${v.hashtag_names.map((h) => `#${h}`).join(" ")}`.trim();
        yield {
          ref: { sourceId: this.sourceId, id: v.id, url },
          url,
          title: v.video_description.slice(0, 120),
          author: author(v.username),
          postedAt: v.create_time ? new Date(v.create_time * 1000).toISOString() : "",
          mediaUrls: [],
          matchedTerms: termsIn(text, v.username, query),
        };
      }
      if (!data.has_more) break;
      cursor = data.cursor;
      searchId = data.search_id;
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const url = `${baseUrl(this.ctx, "tiktok-web")}/oembed?${qs({ url: ref.url })}`;
    const o = parse(oembed, await this.ctx.config.http.getJson(url));
    return {
      ref,
      url: ref.url,
      title: o.title,
      text: o.title,
      author: author(o.author_unique_id, o.author_name),
      postedAt: "",
      mediaUrls: o.thumbnail_url ? [o.thumbnail_url] : [],
      pageMetadata: { oembedAuthor: o.author_name },
    };
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const username = handle.replace(/^@/, "");
    const { data } = parse(
      userInfo,
      await this.post("/v2/research/user/info/?fields=display_name,bio_description,avatar_url", { username }),
    );
    return {
      handle: username,
      displayName: data.display_name,
      avatarUrl: data.avatar_url,
      url: `${baseUrl(this.ctx, "tiktok-web")}/@${username}`,
      bio: data.bio_description,
    };
  }

  private videoUrl(username: string, id: string): string {
    return `${baseUrl(this.ctx, "tiktok-web")}/@${username}/video/${id}`;
  }

  private async post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const token = await this.token.get();
    const response = await this.ctx.config.http.expectOk(`${baseUrl(this.ctx, "tiktok")}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    const parsed = JSON.parse(response.body.toString("utf8")) as { error?: { code?: string; message?: string } };
    if (parsed.error?.code && parsed.error.code !== "ok")
      throw new UnexpectedFormatError(`TikTok error ${parsed.error.code}: ${parsed.error.message ?? ""}`);
    return parsed;
  }
}

function termsIn(text: string, username: string, query: DiscoveryQuery): string[] {
  const lower = text.toLowerCase();
  return [
    ...searchTerms(query).filter((t) => lower.includes(t.toLowerCase())),
    ...hashtags(query)
      .filter((h) => lower.includes(`#${h.toLowerCase()}`))
      .map((h) => `#${h}`),
    ...query.watchedAccounts.filter((a) => a.replace(/^@/, "") === username).map((a) => `watched:${a}`),
  ];
}
