import path from "node:path";
import type { SimItem } from "../scenario.js";
import { escapeHtml, params, sendJson } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const op = (i: SimItem) => ({
  no: i.no,
  now: i.postedAt,
  time: Math.floor(Date.parse(i.postedAt) / 1000),
  name: "Anonymous",
  sub: i.title,
  com: escapeHtml(i.text).replace(/\n/g, "<br>"),
  filename: path.basename(i.media[0]?.path ?? "file", path.extname(i.media[0]?.path ?? "")),
  ext: path.extname(i.media[0]?.path ?? ".jpg"),
  tim: i.no * 1000,
  replies: 0,
});

/** 4chan read-only API: <board>/catalog.json (15 threads a page), <board>/thread/<no>.json. */
export const fourChanRoute: FormatRoute = (ctx, { path: p, res }) => {
  const catalog = params(p, /^\/([a-z0-9]+)\/catalog\.json$/);
  if (catalog) {
    const threads = ctx
      .itemsOf("4chan")
      .filter((i) => i.channel === catalog[0])
      .map(op);
    const pages = [];
    for (let n = 0; n * 15 < threads.length; n++)
      pages.push({ page: n + 1, threads: threads.slice(n * 15, n * 15 + 15) });
    return sendJson(res, pages);
  }
  const thread = params(p, /^\/([a-z0-9]+)\/thread\/(\d+)\.json$/);
  if (thread) {
    const item = ctx.item("4chan", thread[1]!);
    if (!item || item.channel !== thread[0]) return sendJson(res, {}, 404);
    return sendJson(res, { posts: [op(item)] });
  }
  return false;
};

/** i.4cdn.org/<board>/<tim><ext>: answered by redirecting to the shared media path. */
export const fourChanMediaRoute: FormatRoute = (ctx, { path: p, res }) => {
  const file = params(p, /^\/([a-z0-9]+)\/(\d+)000(\.\w+)$/);
  const item = file ? ctx.item("4chan", file[1]!) : undefined;
  if (!item) return false;
  res.writeHead(302, { location: ctx.mediaUrl(item) });
  res.end();
  return true;
};

/** Pastebin scraping API: api_scraping.php listing, api_scrape_item.php raw, api_scrape_item_meta.php. */
export const pastebinRoute: FormatRoute = (ctx, { path: p, query, res }) => {
  const pastes = ctx.itemsOf("pastebin");
  const meta = (i: SimItem) => ({
    scrape_url: `${ctx.base("pastebin")}/api_scrape_item.php?i=${i.no.toString(36)}`,
    full_url: `${ctx.base("pastebin")}/${i.no.toString(36)}`,
    date: String(Math.floor(Date.parse(i.postedAt) / 1000)),
    key: i.no.toString(36),
    size: String(i.text.length),
    expire: "0",
    title: i.title,
    syntax: "text",
    user: i.author.handle,
    hits: "12",
  });
  const byKey = (key: string | null) => pastes.find((i) => i.no.toString(36) === key);
  if (p === "/api_scraping.php") return sendJson(res, pastes.slice(0, Number(query.get("limit") ?? 50)).map(meta));
  if (p === "/api_scrape_item_meta.php") {
    const item = byKey(query.get("i"));
    return item ? sendJson(res, meta(item)) : sendJson(res, { error: "not found" }, 404);
  }
  if (p === "/api_scrape_item.php") {
    const item = byKey(query.get("i"));
    if (!item) return sendJson(res, { error: "not found" }, 404);
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end(`${item.text}\n\nsource dump:\n${item.media.map((_, n) => ctx.mediaUrl(item, n)).join("\n")}\n`);
    return true;
  }
  return false;
};
