import type { ServerResponse } from "node:http";
import path from "node:path";
import type { Scenario, SimAccount, SimItem, SimSource } from "./scenario.js";

/** Real APIs allow bigger pages; small pages here make every connector exercise paging. */
export const pageSize = 10;

export class SimContext {
  constructor(
    readonly scenario: Scenario,
    readonly origin: string,
  ) {}

  base(key: string): string {
    return `${this.origin}/p/${key}`;
  }

  itemsOf(source: SimSource): SimItem[] {
    return this.scenario.items.filter((i) => i.source === source);
  }

  item(source: SimSource, no: string | number): SimItem | undefined {
    return this.scenario.items.find((i) => i.source === source && String(i.no) === String(no));
  }

  account(handle: string): SimAccount | undefined {
    return this.scenario.accounts.find((a) => a.handle.toLowerCase() === handle.replace(/^@/, "").toLowerCase());
  }

  mediaUrl(item: SimItem, index = 0): string {
    const m = item.media[index];
    return `${this.origin}/media/${item.no}/${index}${path.extname(m?.path ?? "")}`;
  }

  avatarUrl(account: SimAccount): string {
    return `${this.origin}/avatars/${account.handle}${path.extname(account.avatarPath)}`;
  }
}

/**
 * Search semantics shared by the simulated search endpoints: every plain word must occur,
 * `from:x` filters by author, `-term` operators are ignored, `OR` is not supported.
 */
export function matchesQuery(item: SimItem, query: string): boolean {
  const tokens = query.toLowerCase().replace(/"/g, " ").split(/\s+/).filter(Boolean);
  const text = `${item.title} ${item.text}`.toLowerCase();
  return tokens.every((t) => {
    if (t.startsWith("-")) return true;
    if (t.startsWith("from:")) return item.author.handle.toLowerCase() === t.slice(5);
    return text.includes(t);
  });
}

/** Senders return true so a route can `return sendJson(...)` to say it answered. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): true {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
  return true;
}

export function sendHtml(res: ServerResponse, html: string, status = 200): true {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
  return true;
}

export function sendXml(res: ServerResponse, xml: string, type = "application/rss+xml"): true {
  res.writeHead(200, { "content-type": `${type}; charset=utf-8` });
  res.end(xml);
  return true;
}

/** The capture groups when `path` matches, else undefined. */
export function params(path: string, pattern: RegExp): string[] | undefined {
  const m = pattern.exec(path);
  return m ? m.slice(1).map((g) => decodeURIComponent(g ?? "")) : undefined;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Offset paging over a filtered list: returns the page and the next offset, if any. */
export function pageOf<T>(list: T[], offset: number, limit: number): { page: T[]; next: number | undefined } {
  const size = Math.min(limit || pageSize, pageSize);
  const page = list.slice(offset, offset + size);
  return { page, next: offset + size < list.length ? offset + size : undefined };
}

export function requireAuth(authorization: string | undefined, res: ServerResponse): boolean {
  if (authorization && /^(Bearer|Bot|Basic) \S+/.test(authorization)) return true;
  sendJson(res, { error: "unauthorized" }, 401);
  return false;
}
