import type { SimAccount, SimItem } from "../scenario.js";
import { matchesQuery, pageOf, params, requireAuth, type SimContext, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const summary = (ctx: SimContext, i: SimItem) => ({
  itemId: `v1|${i.no}|0`,
  title: i.title,
  image: { imageUrl: ctx.mediaUrl(i) },
  additionalImages: [],
  itemWebUrl: `${ctx.base("ebay")}/itm/${i.no}`,
  seller: { username: i.author.handle, feedbackPercentage: "98.5", feedbackScore: 120 },
  price: { value: "19.99", currency: "USD" },
  itemCreationDate: i.postedAt,
});

/** eBay OAuth client-credentials token and Browse API item_summary/search (offset paging, `next`) and getItem. */
export const ebayRoute: FormatRoute = (ctx, { path, query, req, res }) => {
  if (path === "/identity/v1/oauth2/token") {
    if (!req.headers.authorization?.startsWith("Basic ")) return sendJson(res, { error: "invalid_client" }, 401);
    return sendJson(res, { access_token: "v^1.1#sim", expires_in: 7200, token_type: "Application Access Token" });
  }
  if (!requireAuth(req.headers.authorization, res)) return true;
  if (path === "/buy/browse/v1/item_summary/search") {
    const q = query.get("q") ?? "";
    const hits = ctx.itemsOf("ebay").filter((i) => matchesQuery(i, q));
    const offset = Number(query.get("offset") ?? 0);
    const { page, next } = pageOf(hits, offset, Number(query.get("limit") ?? 50));
    const link = (o: number) =>
      `${ctx.base("ebay")}/buy/browse/v1/item_summary/search?q=${encodeURIComponent(q)}&limit=${page.length}&offset=${o}`;
    return sendJson(res, {
      href: link(offset),
      total: hits.length,
      limit: page.length,
      offset,
      ...(next !== undefined ? { next: link(next) } : {}),
      itemSummaries: page.map((i) => summary(ctx, i)),
    });
  }
  const one = params(path, /^\/buy\/browse\/v1\/item\/v1\|(\d+)\|0$/);
  if (one) {
    const item = ctx.item("ebay", one[0]!);
    if (!item) return sendJson(res, { errors: [{ errorId: 11001, message: "Item not found" }] }, 404);
    return sendJson(res, { ...summary(ctx, item), shortDescription: item.text, description: `<p>${item.text}</p>` });
  }
  return false;
};

const discordUser = (a: SimAccount) => ({
  id: String(900_000 + a.handle.length * 131 + a.handle.charCodeAt(a.handle.length - 1)),
  username: a.handle,
  global_name: a.displayName,
  avatar: `av_${a.handle}`,
});
const discordMessage = (ctx: SimContext, i: SimItem) => ({
  id: String(i.no),
  channel_id: i.channel,
  guild_id: "1000000000000000000",
  content: i.text,
  timestamp: i.postedAt,
  author: discordUser(i.author),
  attachments: i.media.map((m, n) => ({
    id: `${i.no}${n}`,
    filename: `file${n}`,
    content_type: m.contentType,
    url: ctx.mediaUrl(i, n),
  })),
  embeds: [],
});

/** Discord API v10: channel messages (before= paging, newest first), one message, users; CDN avatars. */
export const discordRoute: FormatRoute = (ctx, { path, query, req, res }) => {
  if (!requireAuth(req.headers.authorization, res)) return true;
  const list = params(path, /^\/api\/v10\/channels\/(\d+)\/messages$/);
  if (list) {
    const all = ctx
      .itemsOf("discord")
      .filter((i) => i.channel === list[0])
      .sort((a, b) => b.no - a.no);
    const before = Number(query.get("before") ?? Number.POSITIVE_INFINITY);
    return sendJson(
      res,
      pageOf(
        all.filter((i) => i.no < before),
        0,
        Number(query.get("limit") ?? 50),
      ).page.map((i) => discordMessage(ctx, i)),
    );
  }
  const one = params(path, /^\/api\/v10\/channels\/(\d+)\/messages\/(\d+)$/);
  if (one) {
    const item = ctx.item("discord", one[1]!);
    return item
      ? sendJson(res, discordMessage(ctx, item))
      : sendJson(res, { message: "Unknown Message", code: 10008 }, 404);
  }
  const user = params(path, /^\/api\/v10\/users\/(\d+)$/);
  if (user) {
    const a = ctx.scenario.accounts.find((x) => discordUser(x).id === user[0]);
    return a ? sendJson(res, discordUser(a)) : sendJson(res, { message: "Unknown User", code: 10013 }, 404);
  }
  return false;
};

export const discordCdnRoute: FormatRoute = (ctx, { path, res }) => {
  const avatar = params(path, /^\/avatars\/\d+\/av_([^/]+)\.png$/);
  const a = avatar ? ctx.account(avatar[0]!) : undefined;
  if (!a) return false;
  res.writeHead(302, { location: ctx.avatarUrl(a) });
  res.end();
  return true;
};
