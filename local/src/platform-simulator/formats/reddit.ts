import type { SimItem } from "../scenario.js";
import { matchesQuery, pageOf, params, type SimContext, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const post = (ctx: SimContext, i: SimItem) => {
  const image = i.media[0]?.kind === "image";
  return {
    kind: "t3",
    data: {
      id: i.no.toString(36),
      name: `t3_${i.no.toString(36)}`,
      title: i.title,
      selftext: i.text,
      author: i.author.handle,
      subreddit: i.channel.replace(/^r\//, ""),
      permalink: `/${i.channel}/comments/${i.no.toString(36)}/`,
      url: ctx.mediaUrl(i),
      created_utc: Date.parse(i.postedAt) / 1000,
      ...(image
        ? { post_hint: "image", preview: { images: [{ source: { url: ctx.mediaUrl(i), width: 640, height: 480 } }] } }
        : {}),
      is_video: i.media[0]?.kind === "video",
      // Reddit hosts a video as v.redd.it and names its playable file here.
      ...(i.media[0]?.kind === "video" ? { media: { reddit_video: { fallback_url: ctx.mediaUrl(i) } } } : {}),
    },
  };
};

const listing = (ctx: SimContext, hits: SimItem[], after: string | null, limit: number) => {
  const offset = after ? hits.findIndex((i) => `t3_${i.no.toString(36)}` === after) + 1 : 0;
  const { page, next } = pageOf(hits, offset, limit);
  const last = page.at(-1);
  return {
    kind: "Listing",
    data: {
      after: next !== undefined && last ? `t3_${last.no.toString(36)}` : null,
      dist: page.length,
      children: page.map((i) => post(ctx, i)),
    },
  };
};

/** Reddit listing JSON: search.json, r/<sub>/new.json, user/<u>/submitted.json and about.json, comments/<id>.json. */
export const redditRoute: FormatRoute = (ctx, { path, query, res }) => {
  const items = ctx.itemsOf("reddit");
  const limit = Number(query.get("limit") ?? 25);
  if (path === "/search.json")
    return sendJson(
      res,
      listing(
        ctx,
        items.filter((i) => matchesQuery(i, query.get("q") ?? "")),
        query.get("after"),
        limit,
      ),
    );
  const m1 = params(path, /^\/r\/([^/]+)\/new\.json$/);
  if (m1)
    return sendJson(
      res,
      listing(
        ctx,
        items.filter((i) => i.channel === `r/${m1[0]}`),
        query.get("after"),
        limit,
      ),
    );
  const m2 = params(path, /^\/user\/([^/]+)\/submitted\.json$/);
  if (m2)
    return sendJson(
      res,
      listing(
        ctx,
        items.filter((i) => i.author.handle === m2[0]),
        query.get("after"),
        limit,
      ),
    );
  const m3 = params(path, /^\/user\/([^/]+)\/about\.json$/);
  if (m3) {
    const a = ctx.account(m3[0]!);
    if (!a) return sendJson(res, { message: "Not Found", error: 404 }, 404);
    return sendJson(res, {
      kind: "t2",
      data: {
        name: a.handle,
        icon_img: ctx.avatarUrl(a),
        subreddit: { title: a.displayName, public_description: a.bio },
      },
    });
  }
  const m4 = params(path, /^\/comments\/([^/.]+)\.json$/);
  if (m4) {
    const item = items.find((i) => i.no.toString(36) === m4[0]);
    if (!item) return sendJson(res, { message: "Not Found", error: 404 }, 404);
    return sendJson(res, [
      { kind: "Listing", data: { after: null, children: [post(ctx, item)] } },
      { kind: "Listing", data: { after: null, children: [] } },
    ]);
  }
  return false;
};
