import type { SimAccount, SimItem } from "../scenario.js";
import { matchesQuery, pageOf, params, type SimContext, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const did = (a: SimAccount) =>
  `did:plc:${a.handle
    .replace(/[^a-z0-9]/gi, "")
    .padEnd(24, "x")
    .slice(0, 24)}`;
const bskyHandle = (a: SimAccount) => `${a.handle.replace(/_/g, "-")}.bsky.social`;
const bskyAuthor = (ctx: SimContext, a: SimAccount) => ({
  did: did(a),
  handle: bskyHandle(a),
  displayName: a.displayName,
  avatar: ctx.avatarUrl(a),
});
const postView = (ctx: SimContext, i: SimItem) => ({
  uri: `at://${did(i.author)}/app.bsky.feed.post/${i.no}`,
  cid: `bafyrei${i.no}`,
  author: bskyAuthor(ctx, i.author),
  record: { $type: "app.bsky.feed.post", text: i.text, createdAt: i.postedAt },
  embed: {
    $type: "app.bsky.embed.images#view",
    images: [{ thumb: ctx.mediaUrl(i), fullsize: ctx.mediaUrl(i), alt: "" }],
  },
  indexedAt: i.postedAt,
});

/** Bluesky AppView XRPC: searchPosts and getAuthorFeed (cursor paging), getPosts, getProfile. */
export const blueskyRoute: FormatRoute = (ctx, { path, query, res }) => {
  const items = ctx.itemsOf("bluesky");
  const accountFor = (actor: string) =>
    ctx.scenario.accounts.find((a) => bskyHandle(a) === actor || did(a) === actor || a.handle === actor);
  const limit = Number(query.get("limit") ?? 25);
  const cursor = Number(query.get("cursor") ?? 0);
  if (path === "/xrpc/app.bsky.feed.searchPosts") {
    const { page, next } = pageOf(
      items.filter((i) => matchesQuery(i, query.get("q") ?? "")),
      cursor,
      limit,
    );
    return sendJson(res, {
      posts: page.map((i) => postView(ctx, i)),
      ...(next !== undefined ? { cursor: String(next) } : {}),
    });
  }
  if (path === "/xrpc/app.bsky.feed.getAuthorFeed") {
    const a = accountFor(query.get("actor") ?? "");
    const { page, next } = pageOf(
      items.filter((i) => i.author === a),
      cursor,
      limit,
    );
    return sendJson(res, {
      feed: page.map((i) => ({ post: postView(ctx, i) })),
      ...(next !== undefined ? { cursor: String(next) } : {}),
    });
  }
  if (path === "/xrpc/app.bsky.feed.getPosts") {
    const uris = query.getAll("uris");
    return sendJson(res, {
      posts: items.filter((i) => uris.includes(postView(ctx, i).uri)).map((i) => postView(ctx, i)),
    });
  }
  if (path === "/xrpc/app.bsky.actor.getProfile") {
    const a = accountFor(query.get("actor") ?? "");
    if (!a) return sendJson(res, { error: "InvalidRequest", message: "Profile not found" }, 400);
    return sendJson(res, { ...bskyAuthor(ctx, a), description: a.bio, followersCount: 0 });
  }
  return false;
};

const mastoAccount = (ctx: SimContext, a: SimAccount) => ({
  id: String(a.handle.split("").reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1_000_000_007, 7)),
  username: a.handle,
  acct: a.handle,
  display_name: a.displayName,
  avatar: ctx.avatarUrl(a),
  url: `${ctx.base("mastodon")}/@${a.handle}`,
  note: `<p>${a.bio}</p>`,
});
const status = (ctx: SimContext, i: SimItem) => ({
  id: String(i.no),
  created_at: i.postedAt,
  uri: `${ctx.base("mastodon")}/users/${i.author.handle}/statuses/${i.no}`,
  url: `${ctx.base("mastodon")}/@${i.author.handle}/${i.no}`,
  content: `<p>${i.text}</p>`,
  account: mastoAccount(ctx, i.author),
  media_attachments: i.media.map((m, n) => ({
    id: `${i.no}${n}`,
    type: m.kind === "image" ? "image" : m.kind,
    url: ctx.mediaUrl(i, n),
    preview_url: ctx.mediaUrl(i, n),
  })),
});

/** Mastodon REST: v2 search (offset), tag and account timelines (max_id), statuses/:id, accounts/lookup. */
export const mastodonRoute: FormatRoute = (ctx, { path, query, res }) => {
  const items = ctx.itemsOf("mastodon");
  const limit = Number(query.get("limit") ?? 20);
  const byMaxId = (list: SimItem[]) => {
    const maxId = query.get("max_id");
    const from = maxId ? list.findIndex((i) => String(i.no) === maxId) + 1 : 0;
    return pageOf(list, from, limit).page.map((i) => status(ctx, i));
  };
  if (path === "/api/v2/search") {
    const { page } = pageOf(
      items.filter((i) => matchesQuery(i, query.get("q") ?? "")),
      Number(query.get("offset") ?? 0),
      limit,
    );
    return sendJson(res, { accounts: [], hashtags: [], statuses: page.map((i) => status(ctx, i)) });
  }
  const tag = params(path, /^\/api\/v1\/timelines\/tag\/([^/]+)$/);
  if (tag)
    return sendJson(res, byMaxId(items.filter((i) => i.text.toLowerCase().includes(`#${tag[0]!.toLowerCase()}`))));
  const acct = params(path, /^\/api\/v1\/accounts\/(\d+)\/statuses$/);
  if (acct) return sendJson(res, byMaxId(items.filter((i) => mastoAccount(ctx, i.author).id === acct[0])));
  if (path === "/api/v1/accounts/lookup") {
    const a = ctx.account(query.get("acct") ?? "");
    return a ? sendJson(res, mastoAccount(ctx, a)) : sendJson(res, { error: "Record not found" }, 404);
  }
  const one = params(path, /^\/api\/v1\/statuses\/(\d+)$/);
  if (one) {
    const item = ctx.item("mastodon", one[0]!);
    return item ? sendJson(res, status(ctx, item)) : sendJson(res, { error: "Record not found" }, 404);
  }
  return false;
};
