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

const account = z.object({
  id: z.string(),
  username: z.string(),
  acct: z.string(),
  display_name: z.string().default(""),
  avatar: z.string().default(""),
  url: z.string().default(""),
  note: z.string().default(""),
});
const status = z.object({
  id: z.string(),
  created_at: z.string().default(""),
  url: z.string().nullish(),
  uri: z.string(),
  content: z.string().default(""),
  account,
  media_attachments: z
    .array(z.object({ type: z.string(), url: z.string().nullish(), preview_url: z.string().nullish() }))
    .default([]),
});
type Status = z.infer<typeof status>;
const search = z.object({ statuses: z.array(status).default([]) });

/** Mastodon REST: /api/v2/search (statuses), tag timelines, account statuses, /api/v1/statuses/:id. */
export class MastodonSource implements SourceConnector {
  readonly sourceId = "mastodon";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    for (const term of searchTerms(query)) {
      // Full-text search pages by offset; the server caps `limit` at 40.
      for (let page = 0, offset = 0; page < budget.pages() && !budget.exhausted; page++) {
        const body = parse(
          search,
          await this.get(`/api/v2/search?${qs({ q: term, type: "statuses", limit: 40, offset })}`, options.signal),
        );
        for (const s of body.statuses) if (budget.admit(s.id)) yield { ...this.toItem(s), matchedTerms: [term] };
        // Servers may cap pages below the asked limit, so only an empty page means the end.
        if (body.statuses.length === 0) break;
        offset += body.statuses.length;
      }
    }
    const timelines = [
      ...hashtags(query).map((tag) => ({
        term: `#${tag}`,
        path: async () => `/api/v1/timelines/tag/${encodeURIComponent(tag)}`,
      })),
      ...query.watchedAccounts.map((acct) => ({
        term: `watched:${acct}`,
        path: async () => `/api/v1/accounts/${(await this.lookup(acct)).id}/statuses`,
      })),
    ];
    for (const timeline of timelines) {
      const path = await timeline.path();
      let maxId: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const list = parse(
          z.array(status),
          await this.get(`${path}?${qs({ limit: 40, max_id: maxId })}`, options.signal),
        );
        for (const s of list) if (budget.admit(s.id)) yield { ...this.toItem(s), matchedTerms: [timeline.term] };
        maxId = list.at(-1)?.id;
        if (!maxId) break;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    return this.toItem(parse(status, await this.get(`/api/v1/statuses/${encodeURIComponent(ref.id)}`)));
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const a = await this.lookup(handle);
    return { handle: a.acct, displayName: a.display_name, avatarUrl: a.avatar, url: a.url, bio: stripHtml(a.note) };
  }

  private async lookup(acct: string) {
    return parse(account, await this.get(`/api/v1/accounts/lookup?${qs({ acct: acct.replace(/^@/, "") })}`));
  }

  private toItem(s: Status): SourceItem {
    const url = s.url ?? s.uri;
    const text = stripHtml(s.content);
    return {
      ref: { sourceId: this.sourceId, id: s.id, url },
      url,
      title: text.slice(0, 120),
      text,
      author: author(s.account.acct, s.account.display_name, s.account.avatar),
      postedAt: s.created_at,
      mediaUrls: s.media_attachments.flatMap((m) => (m.url ? [m.url] : m.preview_url ? [m.preview_url] : [])),
      pageMetadata: { uri: s.uri, accountUrl: s.account.url },
    };
  }

  private async get(path: string, signal?: AbortSignal): Promise<unknown> {
    const token = await optionalCredential(this.ctx, this.sourceId, "accessToken");
    return this.ctx.config.http.getJson(`${baseUrl(this.ctx, "mastodon")}${path}`, {
      signal,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }
}

function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}
