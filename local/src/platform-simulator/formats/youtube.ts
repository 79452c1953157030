import type { SimItem } from "../scenario.js";
import { matchesQuery, pageOf, type SimContext, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const snippet = (ctx: SimContext, i: SimItem) => ({
  publishedAt: i.postedAt,
  channelId: `UC${i.author.handle.padEnd(22, "0").slice(0, 22)}`,
  channelTitle: i.author.displayName,
  title: i.title,
  description: i.text,
  thumbnails: { high: { url: ctx.mediaUrl(i), width: 480, height: 360 } },
});

/** YouTube Data API v3 search.list / videos.list / channels.list. */
export const youtubeRoute: FormatRoute = (ctx, { path, query, res }) => {
  if (!query.get("key")) return sendJson(res, { error: { code: 403, message: "API key required" } }, 403);
  const items = ctx.itemsOf("youtube");
  if (path === "/youtube/v3/search") {
    const q = query.get("q") ?? "";
    const channel = query.get("channelId");
    const hits = items.filter((i) => (channel ? snippet(ctx, i).channelId === channel : matchesQuery(i, q)));
    const { page, next } = pageOf(hits, Number(query.get("pageToken") ?? 0), Number(query.get("maxResults") ?? 5));
    sendJson(res, {
      kind: "youtube#searchListResponse",
      ...(next !== undefined ? { nextPageToken: String(next) } : {}),
      pageInfo: { totalResults: hits.length, resultsPerPage: page.length },
      items: page.map((i) => ({
        kind: "youtube#searchResult",
        id: { kind: "youtube#video", videoId: String(i.no) },
        snippet: snippet(ctx, i),
      })),
    });
    return true;
  }
  if (path === "/youtube/v3/videos") {
    const ids = (query.get("id") ?? "").split(",");
    sendJson(res, {
      kind: "youtube#videoListResponse",
      items: items
        .filter((i) => ids.includes(String(i.no)))
        .map((i) => ({ kind: "youtube#video", id: String(i.no), snippet: snippet(ctx, i) })),
    });
    return true;
  }
  if (path === "/youtube/v3/channels") {
    const handle = (query.get("forHandle") ?? "").replace(/^@/, "");
    const account = ctx.account(handle);
    sendJson(res, {
      kind: "youtube#channelListResponse",
      items: account
        ? [
            {
              id: `UC${account.handle.padEnd(22, "0").slice(0, 22)}`,
              snippet: {
                title: account.displayName,
                description: account.bio,
                customUrl: `@${account.handle}`,
                publishedAt: "2020-01-01T00:00:00Z",
                thumbnails: { high: { url: ctx.avatarUrl(account) } },
              },
            },
          ]
        : [],
    });
    return true;
  }
  return false;
};
