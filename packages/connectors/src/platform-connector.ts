import type {
  CandidateItem,
  DiscoverOptions,
  DiscoveryQuery,
  FetchedItem,
  FetchedMedia,
  FetchItemOptions,
  ItemRef,
  PlatformConnector,
  PlatformProfile,
  SourceConnector,
} from "./connector.js";
import { UnsupportedOperationError } from "./errors.js";
import type { SafeHttpClient } from "./http/safe-http-client.js";

/** Media files are capped per file; detection needs a photo or a short clip, not a film. */
const maxMediaBytes = 50 * 1024 * 1024;

/**
 * A catalogue platform made of one or more sources (e.g. messaging = Telegram + Discord).
 * Discovery takes sources in turn within one overall budget; an item goes back to the source
 * that found it; media are downloaded through the same safe client.
 */
export class CompositePlatformConnector implements PlatformConnector {
  constructor(
    readonly platformId: string,
    private readonly sources: SourceConnector[],
    private readonly http: SafeHttpClient,
  ) {}

  async *discover(query: DiscoveryQuery, options: DiscoverOptions): AsyncIterable<CandidateItem> {
    let count = 0;
    for (const source of this.sources) {
      const remaining = options.maxItems - count;
      if (remaining <= 0 || options.signal?.aborted) return;
      for await (const candidate of source.discover(query, { ...options, maxItems: remaining })) {
        yield { platformId: this.platformId, ...candidate };
        if (++count >= options.maxItems) return;
      }
    }
  }

  async fetchItem(ref: ItemRef, options: FetchItemOptions = {}): Promise<FetchedItem> {
    const item = await this.source(ref.sourceId).fetchItem(ref);
    const media: FetchedMedia[] = [];
    const failures: string[] = [];
    if (options.includeMedia ?? true) {
      for (const url of item.mediaUrls.slice(0, options.maxMedia ?? 4)) {
        try {
          const response = await this.http.expectOk(url, { maxBytes: maxMediaBytes });
          media.push({
            url: response.url,
            contentType: (response.headers["content-type"] ?? "").split(";")[0] ?? "",
            bytes: response.body,
          });
        } catch (error) {
          failures.push(`${url}: ${(error as Error).message}`);
        }
      }
    }
    const pageMetadata =
      failures.length > 0 ? { ...item.pageMetadata, mediaErrors: failures.join("\n") } : item.pageMetadata;
    return { ...item, platformId: this.platformId, media, pageMetadata };
  }

  async fetchProfile(handle: string): Promise<PlatformProfile> {
    const withProfiles = this.sources.filter((s) => s.fetchProfile);
    if (withProfiles.length === 0) throw new UnsupportedOperationError(`${this.platformId} has no public profiles`);
    let lastError: unknown;
    for (const source of withProfiles) {
      try {
        return await source.fetchProfile!(handle);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  private source(sourceId: string): SourceConnector {
    const source = this.sources.find((s) => s.sourceId === sourceId);
    if (!source) throw new UnsupportedOperationError(`${this.platformId} has no source ${sourceId}`);
    return source;
  }
}
