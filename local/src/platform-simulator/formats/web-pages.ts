import type { SimItem } from "../scenario.js";
import { escapeHtml, params, type SimContext, sendHtml, sendXml } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const mediaTag = (ctx: SimContext, i: SimItem) =>
  i.media
    .map((m, n) =>
      m.kind === "audio"
        ? `<audio controls src="${ctx.mediaUrl(i, n)}"></audio>`
        : m.kind === "video"
          ? `<video controls src="${ctx.mediaUrl(i, n)}"></video>`
          : `<img src="${ctx.mediaUrl(i, n)}" alt="">`,
    )
    .join("");

const ogMedia = (ctx: SimContext, i: SimItem) => {
  const m = i.media[0];
  const property = m?.kind === "audio" ? "og:audio" : m?.kind === "video" ? "og:video" : "og:image";
  return `<meta property="${property}" content="${ctx.mediaUrl(i)}">`;
};

function postPage(ctx: SimContext, i: SimItem, url: string): string {
  return `<!DOCTYPE html><html><head><title>${escapeHtml(i.title)}</title>
<meta property="og:type" content="article"><meta property="og:url" content="${url}"><meta property="og:title" content="${escapeHtml(i.title)}">
<meta property="og:description" content="${escapeHtml(i.text)}">${ogMedia(ctx, i)}<meta property="og:site_name" content="${i.platform}">
<meta name="author" content="${escapeHtml(i.author.handle)}"><meta property="article:published_time" content="${i.postedAt}"></head>
<body><article><h1>${escapeHtml(i.title)}</h1><p>${escapeHtml(i.text)}</p>${mediaTag(ctx, i)}<a href="u/${i.author.handle}">${escapeHtml(i.author.displayName)}</a></article></body></html>`;
}

/**
 * Public pages of platforms without a search API (facebook, instagram, linkedin, amazon,
 * onlyfans, pornhub, darkweb, deepweb, crypto): an index page per platform linking to post
 * pages with Open Graph tags and img/video/audio tags, and profile pages.
 */
export const webRoute: FormatRoute = (ctx, { path, res }) => {
  const pageItems = (platform: string) =>
    ctx.scenario.items.filter((i) => (i.source === "web" || i.source === "rss") && i.platform === platform);
  const index = params(path, /^\/([a-z]+)\/?$/);
  if (index && ctx.scenario.webPlatforms.includes(index[0]!)) {
    const links = pageItems(index[0]!).map(
      (i) => `<li><a href="/p/web/${index[0]}/posts/${i.no}">${escapeHtml(i.title)}</a></li>`,
    );
    return sendHtml(
      res,
      `<!DOCTYPE html><html><head><title>${index[0]}</title><meta property="og:title" content="${index[0]} public pages"></head><body><ul>${links.join("")}</ul></body></html>`,
    );
  }
  const post = params(path, /^\/([a-z]+)\/posts\/(\d+)$/);
  if (post) {
    const item = pageItems(post[0]!).find((i) => String(i.no) === post[1]);
    if (!item) return sendHtml(res, "<html><body>Not found</body></html>", 404);
    return sendHtml(res, postPage(ctx, item, `${ctx.base("web")}${path}`));
  }
  const profile = params(path, /^\/([a-z]+)\/(?:posts\/)?u\/([^/]+)$/);
  if (profile) {
    const a = ctx.account(profile[1]!);
    if (!a) return sendHtml(res, "<html><body>Not found</body></html>", 404);
    return sendHtml(
      res,
      `<!DOCTYPE html><html><head><title>${escapeHtml(a.displayName)}</title><meta property="og:type" content="profile"><meta property="og:title" content="${escapeHtml(a.displayName)}"><meta property="og:description" content="${escapeHtml(a.bio)}"><meta property="og:image" content="${ctx.avatarUrl(a)}"><meta property="profile:username" content="${a.handle}"></head><body><h1>${escapeHtml(a.displayName)}</h1><img src="${ctx.avatarUrl(a)}" alt=""><p>${escapeHtml(a.bio)}</p></body></html>`,
    );
  }
  return false;
};

/** RSS 2.0 (crypto scam-site feed) and Atom (deep-web forum feed) over the same post pages. */
export const feedsRoute: FormatRoute = (ctx, { path, res }) => {
  const feed = params(path, /^\/([a-z]+)\.(rss|atom)$/);
  if (!feed) return false;
  const [platform, kind] = feed as [string, string];
  const items = ctx.scenario.items.filter((i) => i.source === "rss" && i.platform === platform);
  const link = (i: SimItem) => `${ctx.base("web")}/${platform}/posts/${i.no}`;
  if (kind === "rss") {
    const entries = items.map(
      (i) =>
        `<item><title>${escapeHtml(i.title)}</title><link>${link(i)}</link><guid isPermaLink="false">${i.no}</guid><description>${escapeHtml(i.text)}</description><pubDate>${new Date(i.postedAt).toUTCString()}</pubDate><dc:creator>${i.author.handle}</dc:creator><enclosure url="${ctx.mediaUrl(i)}" type="${i.media[0]?.contentType}" length="0"/></item>`,
    );
    return sendXml(
      res,
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${platform}</title><link>${ctx.base("web")}/${platform}</link><description>${platform} feed</description>${entries.join("")}</channel></rss>`,
    );
  }
  const entries = items.map(
    (i) =>
      `<entry><id>urn:sim:${i.no}</id><title>${escapeHtml(i.title)}</title><link rel="alternate" href="${link(i)}"/><link rel="enclosure" href="${ctx.mediaUrl(i)}" type="${i.media[0]?.contentType}"/><updated>${i.postedAt}</updated><author><name>${i.author.handle}</name></author><summary>${escapeHtml(i.text)}</summary></entry>`,
  );
  return sendXml(
    res,
    `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${platform}</title><id>urn:sim:${platform}</id><updated>${new Date(0).toISOString()}</updated>${entries.join("")}</feed>`,
    "application/atom+xml",
  );
};

/** Public item pages behind the links connectors return (watch, status, post and thread pages). */
export const publicItemPageRoute: FormatRoute = (ctx, { path, res }) => {
  const no = /(\d{7})(?:\D*)$/.exec(path)?.[1];
  const item = no ? ctx.scenario.items.find((i) => String(i.no) === no) : undefined;
  if (!item) return false;
  return sendHtml(res, postPage(ctx, item, `${ctx.origin}${path}`));
};

/**
 * The item number a public link names: the 7-digit number most links end with, a Reddit permalink's
 * base-36 id, or a media file's path.
 */
export function itemNumberIn(link: string): string | undefined {
  const path = (() => {
    try {
      return new URL(link).pathname;
    } catch {
      return link;
    }
  })();
  const media = /\/media\/(\d+)\//.exec(path)?.[1];
  if (media) return media;
  const reddit = /\/comments\/([0-9a-z]+)\/?$/.exec(path)?.[1];
  if (reddit) return String(Number.parseInt(reddit, 36));
  const pastebin = /\/p\/pastebin\/([0-9a-z]+)$/.exec(path)?.[1];
  if (pastebin) return String(Number.parseInt(pastebin, 36));
  return /(\d{7})\D*$/.exec(link)?.[1];
}

/** A public page for any item link a connector reports (watch pages, Reddit permalinks, Mastodon statuses, pastes). */
export const itemLinkPageRoute: FormatRoute = (ctx, { path, query, res }) => {
  const search = query.toString();
  const no = itemNumberIn(`${ctx.origin}/p${path}${search ? `?${search}` : ""}`);
  const item = no ? ctx.scenario.items.find((i) => String(i.no) === no) : undefined;
  if (!item) return false;
  return sendHtml(res, postPage(ctx, item, `${ctx.origin}/p${path}`));
};
