import type { SimItem } from "../scenario.js";
import { matchesQuery, pageOf, type SimContext, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const channelIdOf = (handle: string) => `UC${handle.padEnd(22, "0").slice(0, 22)}`;

const snippet = (ctx: SimContext, i: SimItem) => ({
  publishedAt: i.postedAt,
  channelId: channelIdOf(i.author.handle),
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
    // channels.list takes either a handle or channel ids, as the real API does.
    const handle = (query.get("forHandle") ?? "").replace(/^@/, "");
    const ids = (query.get("id") ?? "").split(",").filter(Boolean);
    const account = handle
      ? ctx.account(handle)
      : ctx.scenario.accounts.find((a) => ids.includes(channelIdOf(a.handle)));
    sendJson(res, {
      kind: "youtube#channelListResponse",
      items: account
        ? [
            {
              id: channelIdOf(account.handle),
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
