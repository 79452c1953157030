import { z } from "zod";
import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { matchedTerms } from "../query-terms.js";
import { parse } from "./parse-response.js";
import { author, baseUrl, DiscoveryBudget, isSharedCrawl, qs, type SourceContext } from "./source-context.js";

const pasteMeta = z.object({
  key: z.string(),
  full_url: z.string(),
  scrape_url: z.string().optional(),
  date: z.union([z.string(), z.number()]).transform(Number),
  title: z.string().default(""),
  user: z.string().default(""),
  size: z.union([z.string(), z.number()]).transform(Number).default(0),
});
type PasteMeta = z.infer<typeof pasteMeta>;

/** Raw text a paste can reasonably be scanned in; dumps larger than this are skipped. */
const maxPasteBytes = 2 * 1024 * 1024;
/** Pastes read per discovery page budget unit: the listing gives no text, each needs a fetch. */
const pastesPerPage = 25;

/**
 * Pastebin scraping API (api_scraping.php listing, api_scrape_item.php raw text,
 * api_scrape_item_meta.php). It has no search, so recent pastes are read and matched locally;
 * media are the image/audio/video links a paste contains. Pastebin has no profile API.
 */
export class PastebinSource implements SourceConnector {
  readonly sourceId = "pastebin";
  constructor(private readonly ctx: SourceContext) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    const base = baseUrl(this.ctx, "pastebin");
    const listing = parse(
      z.array(pasteMeta),
      await this.ctx.config.http.getJson(`${base}/api_scraping.php?limit=250`, { signal: options.signal }),
    );
    for (const meta of listing.slice(0, budget.pages() * pastesPerPage)) {
      if (budget.exhausted) return;
      if (meta.size > maxPasteBytes) continue;
      const raw = await this.raw(meta.key, options.signal);
      const terms = matchedTerms(`${meta.title}\n${raw}`, query);
      if (terms.length === 0 || !budget.admit(meta.key)) continue;
      yield { ...this.toItem(meta, raw), matchedTerms: terms };
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const meta = parse(
      pasteMeta,
      await this.ctx.config.http.getJson(
        `${baseUrl(this.ctx, "pastebin")}/api_scrape_item_meta.php?${qs({ i: ref.id })}`,
      ),
    );
    return this.toItem(meta, await this.raw(ref.id));
  }

  private raw(key: string, signal?: AbortSignal): Promise<string> {
    return this.ctx.config.http.getText(`${baseUrl(this.ctx, "pastebin")}/api_scrape_item.php?${qs({ i: key })}`, {
      signal,
      maxBytes: maxPasteBytes,
    });
  }

  private toItem(meta: PasteMeta, raw: string): SourceItem {
    const links = raw.match(/https?:\/\/[^\s"'<>)]+\.(?:jpe?g|png|gif|webp|mp4|webm|mp3|wav|flac|ogg|m4a)\b/gi) ?? [];
    return {
      ref: { sourceId: this.sourceId, id: meta.key, url: meta.full_url },
      url: meta.full_url,
      title: meta.title || meta.key,
      text: raw,
      author: author(meta.user),
      postedAt: meta.date ? new Date(meta.date * 1000).toISOString() : "",
      mediaUrls: [...new Set(links)],
      pageMetadata: { key: meta.key, size: String(meta.size) },
    };
  }
}
