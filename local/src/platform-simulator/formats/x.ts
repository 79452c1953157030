import type { SimAccount, SimItem } from "../scenario.js";
import { matchesQuery, pageOf, params, requireAuth, type SimContext, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const user = (ctx: SimContext, a: SimAccount) => ({
  id: String(1000 + a.handle.length * 7919 + a.handle.charCodeAt(0)),
  username: a.handle,
  name: a.displayName,
  profile_image_url: ctx.avatarUrl(a),
  description: a.bio,
});

const includes = (ctx: SimContext, items: SimItem[]) => ({
  users: [...new Map(items.map((i) => [i.author.handle, user(ctx, i.author)])).values()],
  media: items.map((i) =>
    i.media[0]?.kind === "video"
      ? {
          media_key: `7_${i.no}`,
          type: "video",
          preview_image_url: ctx.mediaUrl(i),
          variants: [{ content_type: "video/mp4", bit_rate: 832000, url: ctx.mediaUrl(i) }],
        }
      : { media_key: `3_${i.no}`, type: "photo", url: ctx.mediaUrl(i) },
  ),
});

const tweet = (ctx: SimContext, i: SimItem) => ({
  id: String(i.no),
  text: i.text,
  author_id: user(ctx, i.author).id,
  created_at: i.postedAt,
  edit_history_tweet_ids: [String(i.no)],
  attachments: { media_keys: [`${i.media[0]?.kind === "video" ? 7 : 3}_${i.no}`] },
});

/** X API v2: tweets/search/recent (next_token paging), tweets/:id, users/by/username/:username. */
export const xRoute: FormatRoute = (ctx, { path, query, req, res }) => {
  if (!requireAuth(req.headers.authorization, res)) return true;
  const items = ctx.itemsOf("x");
  if (path === "/2/tweets/search/recent") {
    const hits = items.filter((i) => matchesQuery(i, query.get("query") ?? ""));
    const { page, next } = pageOf(hits, Number(query.get("next_token") ?? 0), Number(query.get("max_results") ?? 10));
    sendJson(res, {
      ...(page.length > 0 ? { data: page.map((i) => tweet(ctx, i)), includes: includes(ctx, page) } : {}),
      meta: { result_count: page.length, ...(next !== undefined ? { next_token: String(next) } : {}) },
    });
    return true;
  }
  const m1 = params(path, /^\/2\/tweets\/(\d+)$/);
  if (m1) {
    const item = ctx.item("x", m1[0]!);
    if (!item) return sendJson(res, { errors: [{ title: "Not Found Error" }] }, 404);
    return sendJson(res, { data: tweet(ctx, item), includes: includes(ctx, [item]) });
  }
  const m2 = params(path, /^\/2\/users\/by\/username\/([^/]+)$/);
  if (m2) {
    const a = ctx.account(m2[0]!);
    if (!a) return sendJson(res, { errors: [{ title: "Not Found Error" }] }, 404);
    return sendJson(res, { data: user(ctx, a) });
  }
  return false;
};
