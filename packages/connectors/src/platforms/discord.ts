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
import { matchedTerms } from "../query-terms.js";
import { parse } from "./parse-response.js";
import {
  author,
  baseUrl,
  DiscoveryBudget,
  isSharedCrawl,
  offeredTerms,
  qs,
  requireCredential,
  type SourceContext,
  targetsOf,
} from "./source-context.js";

const user = z.object({
  id: z.string(),
  username: z.string(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
});
const embedMedia = z.object({ url: z.string() }).optional();
const message = z.object({
  id: z.string(),
  channel_id: z.string(),
  guild_id: z.string().optional(),
  content: z.string().default(""),
  timestamp: z.string().default(""),
  author: user,
  attachments: z.array(z.object({ url: z.string(), content_type: z.string().optional() })).default([]),
  embeds: z.array(z.object({ image: embedMedia, video: embedMedia, thumbnail: embedMedia })).default([]),
});
type Message = z.infer<typeof message>;

/** Discord REST API v10 (bot token): channel messages, a single message, users. Channels are ids. */
export class DiscordSource implements SourceConnector {
  readonly sourceId = "discord";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    const budget = new DiscoveryBudget(options);
    const watched = new Set(isSharedCrawl(options) ? [] : query.watchedAccounts.filter((a) => /^\d+$/.test(a)));
    // Telegram names share the messaging targets; Discord channels are always numeric ids.
    const targets = targetsOf(this.ctx).channels.filter((c) => /^\d+$/.test(c));
    for (const channel of new Set([...watched, ...targets])) {
      let before: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const path = `/api/v10/channels/${channel}/messages?${qs({ limit: 100, before })}`;
        const list = parse(z.array(message), await this.get(path, options.signal));
        for (const m of list) {
          const item = this.toItem(m);
          const terms = offeredTerms(options, channel, item.mediaUrls.length > 0, () => {
            const named = matchedTerms(m.content, query);
            if (watched.has(channel) && item.mediaUrls.length > 0) named.push(`watched:${channel}`);
            return named;
          });
          if (terms.length > 0 && budget.admit(item.ref.id)) yield { ...item, matchedTerms: terms };
        }
        before = list.at(-1)?.id;
        if (!before) break;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const [channel, id] = ref.id.split("/");
    if (!channel || !id) throw new UnexpectedFormatError(`Bad Discord ref ${ref.id}`);
    return this.toItem(parse(message, await this.get(`/api/v10/channels/${channel}/messages/${id}`)));
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const u = parse(user, await this.get(`/api/v10/users/${encodeURIComponent(handle)}`));
    return {
      handle: u.id,
      displayName: u.global_name ?? u.username,
      avatarUrl: this.avatar(u),
      url: `${baseUrl(this.ctx, "discord")}/users/${u.id}`,
      bio: "",
    };
  }

  private toItem(m: Message): SourceItem {
    const url = `${baseUrl(this.ctx, "discord")}/channels/${m.guild_id ?? "@me"}/${m.channel_id}/${m.id}`;
    return {
      ref: { sourceId: this.sourceId, id: `${m.channel_id}/${m.id}`, url },
      url,
      title: m.content.slice(0, 120),
      text: m.content,
      author: author(m.author.id, m.author.global_name ?? m.author.username, this.avatar(m.author)),
      postedAt: m.timestamp,
      mediaUrls: [
        ...m.attachments.map((a) => a.url),
        ...m.embeds.flatMap((e) => [e.image?.url, e.video?.url].flatMap((u) => (u ? [u] : []))),
      ],
      pageMetadata: { username: m.author.username },
    };
  }

  private avatar(u: z.infer<typeof user>): string {
    return u.avatar ? `${baseUrl(this.ctx, "discord-cdn")}/avatars/${u.id}/${u.avatar}.png` : "";
  }

  private async get(path: string, signal?: AbortSignal): Promise<unknown> {
    const token = await requireCredential(this.ctx, this.sourceId, "botToken");
    return this.ctx.config.http.getJson(`${baseUrl(this.ctx, "discord")}${path}`, {
      signal,
      headers: { authorization: `Bot ${token}` },
    });
  }
}
