import { z } from "zod";
import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { UnexpectedFormatError } from "../errors.js";
import { matchedTerms } from "../query-terms.js";
import { parse } from "./parse-response.js";
import {
  author,
  baseUrl,
  DiscoveryBudget,
  isSharedCrawl,
  offeredTerms,
  type SourceContext,
  targetsOf,
} from "./source-context.js";

const boardPost = z.object({
  no: z.number(),
  time: z.number().default(0),
  name: z.string().default("Anonymous"),
  sub: z.string().default(""),
  com: z.string().default(""),
  tim: z.number().optional(),
  ext: z.string().optional(),
  filename: z.string().optional(),
});
type BoardPost = z.infer<typeof boardPost>;
const catalog = z.array(z.object({ page: z.number(), threads: z.array(boardPost) }));
const thread = z.object({ posts: z.array(boardPost) });

/**
 * 4chan-style read-only JSON API: a.4cdn.org/<board>/catalog.json and thread/<no>.json, media at
 * i.4cdn.org/<board>/<tim><ext>. There is no search endpoint, so terms are matched locally.
 * Posting is anonymous: there are no profiles to fetch.
 */
export class ImageboardSource implements SourceConnector {
  readonly sourceId = "4chan";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    const budget = new DiscoveryBudget(options);
    const watched = new Set(isSharedCrawl(options) ? [] : query.watchedAccounts.map(boardName));
    const boards = [...new Set([...watched, ...targetsOf(this.ctx).channels.map(boardName)])];
    for (const board of boards) {
      const pages = parse(
        catalog,
        await this.ctx.config.http.getJson(`${baseUrl(this.ctx, "4chan")}/${board}/catalog.json`, {
          signal: options.signal,
        }),
      );
      for (const page of pages.slice(0, budget.pages())) {
        for (const op of page.threads) {
          const terms = offeredTerms(options, board, Boolean(op.tim), () => {
            const named = matchedTerms(`${op.sub} ${stripHtml(op.com)}`, query);
            if (watched.has(board) && op.tim) named.push(`watched:${board}`);
            return named;
          });
          if (terms.length === 0 || !budget.admit(`${board}/${op.no}`)) continue;
          yield { ...this.toItem(board, op, [op]), matchedTerms: terms };
        }
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const [board, no] = ref.id.split("/");
    if (!board || !no) throw new UnexpectedFormatError(`Bad imageboard ref ${ref.id}`);
    const { posts } = parse(
      thread,
      await this.ctx.config.http.getJson(`${baseUrl(this.ctx, "4chan")}/${board}/thread/${no}.json`),
    );
    const op = posts[0];
    if (!op) throw new UnexpectedFormatError(`Thread ${ref.id} is empty`);
    return this.toItem(board, op, posts);
  }

  private toItem(board: string, op: BoardPost, posts: BoardPost[]): SourceItem {
    const url = `${baseUrl(this.ctx, "4chan-web")}/${board}/thread/${op.no}`;
    const text = posts.map((p) => stripHtml(p.com)).join("\n");
    return {
      ref: { sourceId: this.sourceId, id: `${board}/${op.no}`, url },
      url,
      title: op.sub || stripHtml(op.com).slice(0, 120),
      text,
      author: author(op.name),
      postedAt: op.time ? new Date(op.time * 1000).toISOString() : "",
      mediaUrls: posts.flatMap((p) =>
        p.tim && p.ext ? [`${baseUrl(this.ctx, "4chan-media")}/${board}/${p.tim}${p.ext}`] : [],
      ),
      pageMetadata: { board, thread: String(op.no), replies: String(posts.length - 1) },
    };
  }
}

function boardName(value: string): string {
  return value.replace(/^\/|\/$/g, "");
}

function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&gt;/g, ">")
    .replace(/&lt;/g, "<")
    .replace(/&quot;/g, '"')
    .replace(/&#039;/g, "'")
    .replace(/&amp;/g, "&");
}
