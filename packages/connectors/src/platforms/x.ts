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

const tweet = z.object({
  id: z.string(),
  text: z.string().default(""),
  author_id: z.string().optional(),
  created_at: z.string().default(""),
  attachments: z.object({ media_keys: z.array(z.string()).default([]) }).optional(),
});
const user = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().default(""),
  profile_image_url: z.string().default(""),
  description: z.string().default(""),
});
const media = z.object({
  media_key: z.string(),
  type: z.string(),
  url: z.string().optional(),
  preview_image_url: z.string().optional(),
  variants: z
    .array(z.object({ content_type: z.string(), url: z.string(), bit_rate: z.number().optional() }))
    .optional(),
});
const includes = z
  .object({ users: z.array(user).default([]), media: z.array(media).default([]) })
  .default({ users: [], media: [] });
const searchPage = z.object({
  data: z.array(tweet).default([]),
  includes,
  meta: z.object({ next_token: z.string().optional() }).default({}),
});
const single = z.object({ data: tweet, includes });
const userLookup = z.object({ data: user });

const expansions = {
  expansions: "author_id,attachments.media_keys",
  "tweet.fields": "created_at,author_id,attachments",
  "user.fields": "username,name,profile_image_url,description",
  "media.fields": "url,preview_image_url,type,variants",
};

/** X API v2: /2/tweets/search/recent with user and media expansions, /2/tweets/:id, /2/users/by/username. */
export class XSource implements SourceConnector {
  readonly sourceId = "x";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    const searches = [
      ...searchTerms(query).map((term) => ({ term, q: `"${term}" -is:retweet` })),
      ...hashtags(query).map((tag) => ({ term: `#${tag}`, q: `#${tag} -is:retweet` })),
      ...query.watchedAccounts.map((account) => ({
        term: `watched:${account}`,
        q: `from:${account.replace(/^@/, "")}`,
      })),
    ];
    for (const search of searches) {
      let nextToken: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const params = qs({ query: search.q, max_results: 100, next_token: nextToken, ...expansions });
        const body = parse(searchPage, await this.get(`/2/tweets/search/recent?${params}`, options.signal));
        for (const t of body.data) {
          if (!budget.admit(t.id)) continue;
          yield { ...this.toItem(t, body.includes), matchedTerms: [search.term] };
        }
        nextToken = body.meta.next_token;
        if (!nextToken) break;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const body = parse(single, await this.get(`/2/tweets/${encodeURIComponent(ref.id)}?${qs(expansions)}`));
    return this.toItem(body.data, body.includes);
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const path = `/2/users/by/username/${encodeURIComponent(handle.replace(/^@/, ""))}?${qs({ "user.fields": expansions["user.fields"] })}`;
    const { data } = parse(userLookup, await this.get(path));
    return {
      handle: data.username,
      displayName: data.name,
      avatarUrl: data.profile_image_url,
      url: `${baseUrl(this.ctx, "x-web")}/${data.username}`,
      bio: data.description,
    };
  }

  private toItem(
    t: z.infer<typeof tweet>,
    inc: z.infer<typeof includes>,
  ): Omit<SourceCandidate, "matchedTerms"> & SourceItem {
    const u = inc.users.find((x) => x.id === t.author_id);
    if (!u) throw new UnexpectedFormatError(`X post ${t.id} has no author expansion`);
    const url = `${baseUrl(this.ctx, "x-web")}/${u.username}/status/${t.id}`;
    const mediaUrls = (t.attachments?.media_keys ?? []).flatMap((key) => {
      const m = inc.media.find((x) => x.media_key === key);
      if (!m) return [];
      if (m.type === "photo" && m.url) return [m.url];
      const mp4 = (m.variants ?? [])
        .filter((v) => v.content_type === "video/mp4")
        .sort((a, b) => (b.bit_rate ?? 0) - (a.bit_rate ?? 0))[0];
      return mp4 ? [mp4.url] : m.preview_image_url ? [m.preview_image_url] : [];
    });
    return {
      ref: { sourceId: this.sourceId, id: t.id, url },
      url,
      title: t.text.slice(0, 120),
      text: t.text,
      author: author(u.username, u.name, u.profile_image_url),
      postedAt: t.created_at,
      mediaUrls,
      pageMetadata: { authorId: u.id },
    };
  }

  private async get(path: string, signal?: AbortSignal): Promise<unknown> {
    const token = await requireCredential(this.ctx, this.sourceId, "bearerToken");
    return this.ctx.config.http.getJson(`${baseUrl(this.ctx, "x")}${path}`, {
      signal,
      headers: { authorization: `Bearer ${token}` },
    });
  }
}
