import { z } from "zod";
import type {
  DiscoverOptions,
  DiscoveryQuery,
  ItemRef,
  SourceCandidate,
  SourceConnector,
  SourceItem,
} from "../connector.js";
import { searchTerms } from "../query-terms.js";
import { ClientCredentialsToken } from "./oauth-client-credentials.js";
import { parse } from "./parse-response.js";
import {
  author,
  baseUrl,
  DiscoveryBudget,
  isSharedCrawl,
  qs,
  requireCredential,
  type SourceContext,
} from "./source-context.js";

const image = z.object({ imageUrl: z.string() });
const summary = z.object({
  itemId: z.string(),
  title: z.string().default(""),
  image: image.optional(),
  additionalImages: z.array(image).default([]),
  itemWebUrl: z.string(),
  seller: z.object({ username: z.string().default("") }).default({ username: "" }),
  itemCreationDate: z.string().default(""),
});
const searchPage = z.object({ itemSummaries: z.array(summary).default([]), next: z.string().optional() });
const item = summary.extend({ shortDescription: z.string().default(""), description: z.string().default("") });

/** eBay Browse API: item_summary/search and getItem, with an application (client-credentials) token. */
export class EbaySource implements SourceConnector {
  readonly sourceId = "ebay";
  private readonly token: ClientCredentialsToken;

  constructor(private readonly ctx: SourceContext) {
    this.token = new ClientCredentialsToken(ctx.config.http, async () => {
      const id = await requireCredential(ctx, this.sourceId, "clientId");
      const secret = await requireCredential(ctx, this.sourceId, "clientSecret");
      return {
        url: `${baseUrl(ctx, "ebay")}/identity/v1/oauth2/token`,
        headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` },
        body: qs({ grant_type: "client_credentials", scope: "https://api.ebay.com/oauth/api_scope" }),
      };
    });
  }

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<SourceCandidate> {
    // Searches are a person's; the shared crawl reads only configured channels, boards, feeds and pages.
    if (isSharedCrawl(options)) return;
    const budget = new DiscoveryBudget(options);
    for (const term of searchTerms(query)) {
      let url: string | undefined =
        `${baseUrl(this.ctx, "ebay")}/buy/browse/v1/item_summary/search?${qs({ q: term, limit: 50 })}`;
      for (let page = 0; url && page < budget.pages() && !budget.exhausted; page++) {
        const body: z.infer<typeof searchPage> = parse(searchPage, await this.get(url, options.signal));
        for (const s of body.itemSummaries)
          if (budget.admit(s.itemId)) yield { ...this.toItem(s, ""), matchedTerms: [term] };
        url = body.next;
      }
    }
  }

  async fetchItem(ref: ItemRef): Promise<SourceItem> {
    const body = parse(
      item,
      await this.get(`${baseUrl(this.ctx, "ebay")}/buy/browse/v1/item/${encodeURIComponent(ref.id)}`),
    );
    return this.toItem(body, body.shortDescription || body.description.replace(/<[^>]+>/g, " "));
  }

  private toItem(s: z.infer<typeof summary>, text: string): SourceItem {
    return {
      ref: { sourceId: this.sourceId, id: s.itemId, url: s.itemWebUrl },
      url: s.itemWebUrl,
      title: s.title,
      text: text || s.title,
      author: author(s.seller.username),
      postedAt: s.itemCreationDate,
      mediaUrls: [s.image, ...s.additionalImages].flatMap((i) => (i ? [i.imageUrl] : [])),
      pageMetadata: { itemId: s.itemId },
    };
  }

  private async get(url: string, signal?: AbortSignal): Promise<unknown> {
    const token = await this.token.get();
    return this.ctx.config.http.getJson(url, {
      signal,
      headers: { authorization: `Bearer ${token}`, "x-ebay-c-marketplace-id": "EBAY_US" },
    });
  }
}
