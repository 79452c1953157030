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
import {
  absoluteUrl,
  byClass,
  findAll,
  type HtmlDocument,
  type HtmlElement,
  parseHtml,
  textOf,
} from "../page/html-document.js";
import { matchedTerms } from "../query-terms.js";
import {
  author,
  baseUrl,
  DiscoveryBudget,
  isSharedCrawl,
  offeredTerms,
  type SourceContext,
  targetsOf,
} from "./source-context.js";

/**
 * Telegram public channel previews (t.me/s/<channel>), the HTML every public channel serves
 * without an account; pages go back with `?before=<message id>`.
 */
export class TelegramSource implements SourceConnector {
  readonly sourceId = "telegram";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    const budget = new DiscoveryBudget(options);
    const watched = new Set(isSharedCrawl(options) ? [] : query.watchedAccounts.map(channelName));
    // Numeric ids are Discord channels sharing the messaging targets; Telegram names are never numeric.
    const channels = [...new Set([...watched, ...targetsOf(this.ctx).channels.map(channelName)])].filter(
      (c) => !/^\d+$/.test(c),
    );
    for (const channel of channels) {
      let before: string | undefined;
      for (let page = 0; page < budget.pages() && !budget.exhausted; page++) {
        const url = `${baseUrl(this.ctx, "telegram")}/s/${encodeURIComponent(channel)}${before ? `?before=${before}` : ""}`;
        const doc = parseHtml(await this.ctx.config.http.getText(url, { signal: options.signal }));
        const messages = byClass(doc, "tgme_widget_message").map((el) => this.toItem(el));
        // Newest last on the page: walk backwards so the newest are offered first.
        for (const m of [...messages].reverse()) {
          const terms = offeredTerms(options, channel, m.mediaUrls.length > 0, () => {
            const named = matchedTerms(`${m.title} ${m.text}`, query);
            if (watched.has(channel) && m.mediaUrls.length > 0) named.push(`watched:${channel}`);
            return named;
          });
          if (terms.length === 0 || !budget.admit(m.ref.id)) continue;
          yield { ...m, matchedTerms: terms };
        }
        const oldest = messages[0]?.ref.id.split("/")[1];
        if (!oldest || messages.length === 0 || !hasOlderPage(doc)) break;
        before = oldest;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const html = await this.ctx.config.http.getText(`${baseUrl(this.ctx, "telegram")}/${ref.id}?embed=1&mode=tme`);
    const el = byClass(parseHtml(html), "tgme_widget_message")[0];
    if (!el) throw new UnexpectedFormatError(`Telegram message ${ref.id} not found`);
    return this.toItem(el);
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const channel = channelName(handle);
    const url = `${baseUrl(this.ctx, "telegram")}/s/${encodeURIComponent(channel)}`;
    const doc = parseHtml(await this.ctx.config.http.getText(url));
    const title = textOf(byClass(doc, "tgme_channel_info_header_title")[0]);
    if (!title) throw new UnexpectedFormatError(`Telegram channel ${channel} not found`);
    const photo = findAll(byClass(doc, "tgme_page_photo_image")[0] ?? doc, (e) => e.name === "img")[0];
    return {
      handle: channel,
      displayName: title,
      avatarUrl: absoluteUrl(photo?.attribs.src, url) ?? "",
      url: `${baseUrl(this.ctx, "telegram")}/${channel}`,
      bio: textOf(byClass(doc, "tgme_channel_info_description")[0]),
    };
  }

  private toItem(el: HtmlElement): SourceItem {
    const post = el.attribs["data-post"] ?? "";
    const base = baseUrl(this.ctx, "telegram");
    const url = `${base}/${post}`;
    const owner = byClass(el, "tgme_widget_message_owner_name")[0];
    const avatar = findAll(byClass(el, "tgme_widget_message_user_photo")[0] ?? el, (e) => e.name === "img")[0];
    const text = textOf(byClass(el, "tgme_widget_message_text")[0]);
    const media = [
      ...byClass(el, "tgme_widget_message_photo_wrap").map(
        (a) => /url\(['"]?([^'")]+)['"]?\)/.exec(a.attribs.style ?? "")?.[1],
      ),
      ...findAll(el, (e) => (e.name === "video" || e.name === "audio") && !!e.attribs.src).map((e) => e.attribs.src),
    ].flatMap((u) => absoluteUrl(u, base) ?? []);
    const time = findAll(el, (e) => e.name === "time")[0];
    return {
      ref: { sourceId: this.sourceId, id: post, url },
      url,
      title: text.slice(0, 120),
      text,
      author: author(post.split("/")[0], textOf(owner), absoluteUrl(avatar?.attribs.src, base)),
      postedAt: time?.attribs.datetime ?? "",
      mediaUrls: [...new Set(media)],
      pageMetadata: { views: textOf(byClass(el, "tgme_widget_message_views")[0]) },
    };
  }
}

function channelName(value: string): string {
  return (
    value
      .replace(/^https?:\/\/t\.me\/(s\/)?/, "")
      .replace(/^@/, "")
      .split(/[/?]/)[0] ?? value
  );
}

function hasOlderPage(doc: HtmlDocument): boolean {
  return findAll(doc, (e) => e.name === "link" && e.attribs.rel === "prev").length > 0;
}
