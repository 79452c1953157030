import type { SimItem } from "../scenario.js";
import { pageOf, requireAuth, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

interface Condition {
  field_name: string;
  field_values: string[];
}

const matches = (i: SimItem, c: Condition) => {
  const text = i.text.toLowerCase();
  if (c.field_name === "keyword")
    return c.field_values.some((v) =>
      v
        .toLowerCase()
        .split(/\s+/)
        .every((w) => text.includes(w)),
    );
  if (c.field_name === "hashtag_name") return c.field_values.some((v) => text.includes(`#${v.toLowerCase()}`));
  if (c.field_name === "username") return c.field_values.includes(i.author.handle);
  return false;
};

const ok = { code: "ok", message: "", log_id: "sim" };

/** TikTok Research API (oauth token, video query with cursor/search_id, user info) and www oEmbed. */
export const tiktokRoute: FormatRoute = (ctx, { path, req, res, body }) => {
  if (path === "/v2/oauth/token/") {
    const form = new URLSearchParams(body);
    if (!form.get("client_key") || !form.get("client_secret")) return sendJson(res, { error: "invalid_client" }, 401);
    return sendJson(res, { access_token: "clt.sim-token", expires_in: 7200, token_type: "Bearer" });
  }
  if (!requireAuth(req.headers.authorization, res)) return true;
  const request = JSON.parse(body || "{}") as {
    query?: { or?: Condition[]; and?: Condition[] };
    cursor?: number;
    max_count?: number;
    username?: string;
  };
  if (path === "/v2/research/video/query/") {
    const or = request.query?.or ?? request.query?.and ?? [];
    const hits = ctx.itemsOf("tiktok").filter((i) => or.some((c) => matches(i, c)));
    const { page, next } = pageOf(hits, request.cursor ?? 0, request.max_count ?? 20);
    return sendJson(res, {
      data: {
        videos: page.map((i) => ({
          id: i.no,
          username: i.author.handle,
          video_description: i.text,
          create_time: Math.floor(Date.parse(i.postedAt) / 1000),
          hashtag_names: (i.text.match(/#(\w+)/g) ?? []).map((h) => h.slice(1)),
        })),
        cursor: next ?? hits.length,
        has_more: next !== undefined,
        search_id: "sim-search",
      },
      error: ok,
    });
  }
  if (path === "/v2/research/user/info/") {
    const a = ctx.account(request.username ?? "");
    if (!a) return sendJson(res, { data: {}, error: { code: "invalid_params", message: "user not found" } }, 400);
    return sendJson(res, {
      data: { display_name: a.displayName, bio_description: a.bio, avatar_url: ctx.avatarUrl(a) },
      error: ok,
    });
  }
  return false;
};

export const tiktokWebRoute: FormatRoute = (ctx, { path, query, res }) => {
  if (path !== "/oembed") return false;
  const id = /\/video\/(\d+)/.exec(query.get("url") ?? "")?.[1];
  const item = id ? ctx.item("tiktok", id) : undefined;
  if (!item) return sendJson(res, { code: 400, message: "Something went wrong" }, 400);
  return sendJson(res, {
    version: "1.0",
    type: "video",
    title: item.text,
    author_url: `${ctx.base("tiktok-web")}/@${item.author.handle}`,
    author_name: item.author.displayName,
    author_unique_id: item.author.handle,
    provider_name: "TikTok",
    thumbnail_url: ctx.mediaUrl(item),
    thumbnail_width: 720,
    thumbnail_height: 1280,
  });
};
